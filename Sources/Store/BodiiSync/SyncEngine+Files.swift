import BodiiStore
import Foundation

extension SyncEngine {
    /// How far ahead of this machine's clock a file's clocks may be: clocks on two machines
    /// differ by seconds, a machine set a day wrong is a mistake to fix, and a clock near the
    /// end of time would stop every later write here (issue 48: 2^63−1 applied, then SIGILL).
    static let clockLead: TimeInterval = 86_400

    /// Applies every other device's new files, each in order and in one transaction. A file waits
    /// while it needs a file of a third device not applied yet (causal delivery: an UPDATE then
    /// always finds the row it was made on). A device whose next file is damaged, does not
    /// authenticate, is larger than any sync file, has clocks from the future or comes from a
    /// newer schema stops there, its later files untouched; so nothing is half-applied and no
    /// file is skipped. Loops until nothing more applies, so a device away for months catches up
    /// in one run. What waits for a file not in the folder is a gap (`SyncGaps`).
    static func applyAll(_ database: BodiiDatabase, folder: SyncFolder, key: SyncKey, into summary: inout SyncSummary, now: Date = Date())
        throws
    {
        let device = summary.device
        var applied = try database.withSyncConnection { connection in try connection.appliedFiles() }
        var listings: [Int64: [Int64: URL]] = [:]
        for other in folder.devices() where other != device {
            let found = folder.files(of: other)
            listings[other] = found.files
            summary.notes += found.ignored
        }
        let latestClock = ClockTables.clock(at: now.addingTimeInterval(clockLead))
        var stopped = Set<Int64>()
        var waiting: [Int64: SyncGap] = [:]
        var perDevice: [Int64: SyncSummary.DeviceApplied] = [:]
        func refuse(_ other: Int64, _ line: String) {
            summary.notes.append(line)
            summary.refusedFiles += 1
            stopped.insert(other)
        }
        var progress = true
        while progress {
            progress = false
            for (other, files) in listings.sorted(by: { $0.key < $1.key }) where !stopped.contains(other) {
                let next = (applied[other] ?? 0) + 1
                guard let url = files[next] else { continue }
                let name = "device \(other) file \(next)"
                let file: SyncFile
                do {
                    file = try SyncFile.open(try SyncFolder.read(url), with: key)
                } catch SyncFile.ReadError.notAuthentic {
                    refuse(other, "\(name): does not authenticate (another key, or changed bytes); not applied")
                    continue
                } catch {
                    refuse(other, "\(name): damaged (\(error)); not applied")
                    continue
                }
                guard file.device == other, file.seq == next else {
                    refuse(other, "\(name): says it is device \(file.device) file \(file.seq); not applied")
                    continue
                }
                guard file.hlcRange.lowerBound >= 0, file.hlcRange.upperBound <= latestClock else {
                    refuse(other, "\(name): its clock is more than a day ahead of this machine's; not applied: check the date and time on device \(other)")
                    continue
                }
                guard file.schema <= BodiiDatabase.schemaVersion else {
                    summary.notes.append(
                        "\(name): written by a newer Bodii (schema \(file.schema), this one \(BodiiDatabase.schemaVersion)); kept, not applied: upgrade Bodii"
                    )
                    stopped.insert(other)
                    continue
                }
                let missing = file.requires.filter { $0.key != device && (applied[$0.key] ?? 0) < $0.value }.sorted { $0.key < $1.key }
                if let first = missing.first {
                    // A file that is there but stopped is said as refused; one below the
                    // device's highest file here is a gap `SyncGaps` names.
                    guard (listings[first.key]?.keys.max() ?? 0) < first.value else { continue }
                    waiting[other] = SyncGap(
                        device: first.key, first: first.value, last: first.value,
                        line: "\(name) needs device \(first.key) file \(first.value), which is not in \(folder.url.path) (the file syncer may still be copying it)")
                    continue
                }
                do {
                    let result = try apply(file, database)
                    applied[other] = next
                    waiting[other] = nil
                    progress = true
                    var entry = perDevice[other] ?? SyncSummary.DeviceApplied(device: other, files: 0, changes: [:])
                    entry.files += 1
                    entry.changes.merge(result.changes, uniquingKeysWith: +)
                    entry.refused += result.refused
                    perDevice[other] = entry
                } catch {
                    refuse(other, "\(name): not applied (\(error)); the database is as before it")
                }
            }
        }
        summary.applied = perDevice.values.sorted { $0.device < $1.device }
        summary.gaps += waiting.sorted { $0.key < $1.key }.map(\.value)
    }

    /// One file in one transaction: its entries, the sequence applied, the derived state of the
    /// dates and lots its writes touched recomputed (`SyncTouched`: every write of the
    /// transaction, the clash settling's and orphan removal's included).
    static func apply(_ file: SyncFile, _ database: BodiiDatabase) throws -> (changes: [String: Int], refused: Int) {
        try database.withSyncConnection { connection in
            var result: (changes: [String: Int], refused: Int) = ([:], 0)
            try connection.inTransaction {
                try connection.beginNotingTouched()
                let applier = ChangeApplier(connection: connection, device: file.device)
                for entry in file.entries { try applier.apply(entry) }
                try connection.setApplied(device: file.device, seq: file.seq, hlc: file.hlcRange.upperBound)
                try connection.recomputeTouchedDerivedState()
                result = (applier.appliedPerTable, applier.constraintsOmitted)
            }
            return result
        }
    }

    /// Writes the outbox as this device's next files, each at most `SyncFile.sizeLimit` of
    /// changesets. Each file's rows are first given their sequence (one transaction), then the
    /// file is written, then they go: a crash in between writes the same rows under the same
    /// sequence next time. A number already taken is this database's own file only when it
    /// holds these very entries (a run stopped before it removed them); otherwise another
    /// database syncing as this device wrote it (a backup restored, a copy): its file is adopted
    /// and ours goes under the next number. Only files really written are reported.
    static func writeOutbox(_ database: BodiiDatabase, folder: SyncFolder, key: SyncKey, into summary: inout SyncSummary) throws {
        while let prepared = try database.withSyncConnection({ connection in
            try connection.nextOutboxFile(maxBytes: SyncFile.sizeLimit)
        }) {
            let entries = prepared.entries.map { entry in
                SyncEntry(hlc: entry.hlc, changeset: entry.changeset, lengths: LengthList.decode(entry.lengths) ?? [])
            }
            let url = folder.fileURL(device: summary.device, seq: prepared.seq)
            let file = SyncFile(
                schema: BodiiDatabase.schemaVersion, device: summary.device, seq: prepared.seq, requires: prepared.applied, entries: entries)
            if try SyncFolder.writeNew(file.sealed(with: key), to: url) == .taken, try !holdsTheSameEntries(url, as: file, key: key) {
                try adoptOwnFiles(database, folder: folder, key: key, from: prepared.seq, into: &summary)
                continue
            }
            try database.withSyncConnection { connection in try connection.removeFromOutbox(seq: prepared.seq) }
            summary.firstWritten = summary.firstWritten ?? prepared.seq
            summary.written = prepared.seq
            summary.writtenEntries += entries.count
        }
    }

    /// Whether the file at `url` is `file` as this database wrote it before (its entries; the
    /// nonce differs at each sealing).
    private static func holdsTheSameEntries(_ url: URL, as file: SyncFile, key: SyncKey) throws -> Bool {
        guard let there = try? SyncFile.open(try SyncFolder.read(url), with: key) else { return false }
        return there.device == file.device && there.seq == file.seq && there.entries == file.entries
    }
}
