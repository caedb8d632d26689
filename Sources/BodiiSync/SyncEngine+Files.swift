import BodiiStore
import Foundation

extension SyncEngine {
    /// Applies every other device's new files, each in order and in one transaction. A file waits
    /// while it needs a file of a third device not applied yet (causal delivery: an UPDATE then
    /// always finds the row it was made on). A device whose next file is damaged, does not
    /// authenticate or comes from a newer schema stops there, its later files untouched; so
    /// nothing is half-applied and no file is skipped. Loops until nothing more applies, so a
    /// device away for months catches up in one run.
    static func applyAll(_ database: BodiiDatabase, folder: SyncFolder, key: SyncKey) throws -> SyncSummary {
        let (device, start) = try database.withSyncConnection { connection in
            (try connection.configuredDevice(), try connection.appliedFiles())
        }
        guard let device else { throw SyncError.notConfigured }
        var summary = SyncSummary(device: device)
        var applied = start
        var listings: [Int64: [Int64: URL]] = [:]
        for other in folder.devices() where other != device {
            let found = folder.files(of: other)
            listings[other] = found.files
            summary.notes += found.ignored
        }
        var stopped = Set<Int64>()
        var waiting: [Int64: String] = [:]
        var perDevice: [Int64: SyncSummary.DeviceApplied] = [:]
        var progress = true
        while progress {
            progress = false
            for (other, files) in listings.sorted(by: { $0.key < $1.key }) where !stopped.contains(other) {
                let next = (applied[other] ?? 0) + 1
                guard let url = files[next] else { continue }
                let name = "device \(other) file \(next)"
                let file: SyncFile
                do {
                    guard let data = FileManager.default.contents(atPath: url.path) else {
                        throw SyncFile.ReadError.damaged("cannot be read")
                    }
                    file = try SyncFile.open([UInt8](data), with: key)
                } catch SyncFile.ReadError.notAuthentic {
                    summary.notes.append("\(name): does not authenticate (another key, or changed bytes); not applied")
                    stopped.insert(other)
                    continue
                } catch {
                    summary.notes.append("\(name): damaged (\(error)); not applied")
                    stopped.insert(other)
                    continue
                }
                guard file.device == other, file.seq == next else {
                    summary.notes.append("\(name): says it is device \(file.device) file \(file.seq); not applied")
                    stopped.insert(other)
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
                    waiting[other] = "\(name): waits for device \(first.key) file \(first.value), not in the folder yet"
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
                    summary.notes.append("\(name): not applied (\(error)); the database is as before it")
                    stopped.insert(other)
                }
            }
        }
        summary.applied = perDevice.values.sorted { $0.device < $1.device }
        summary.notes += waiting.sorted { $0.key < $1.key }.map(\.value)
        return summary
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
    /// sequence next time (a file already there is the one written before).
    static func writeOutbox(_ database: BodiiDatabase, folder: SyncFolder, key: SyncKey, into summary: inout SyncSummary) throws {
        while let prepared = try database.withSyncConnection({ connection in
            try connection.nextOutboxFile(maxBytes: SyncFile.sizeLimit)
        }) {
            let entries = prepared.entries.map { entry in
                SyncEntry(hlc: entry.hlc, changeset: entry.changeset, lengths: LengthList.decode(entry.lengths) ?? [])
            }
            let url = folder.fileURL(device: summary.device, seq: prepared.seq)
            if !FileManager.default.fileExists(atPath: url.path) {
                let file = SyncFile(
                    schema: BodiiDatabase.schemaVersion, device: summary.device, seq: prepared.seq, requires: prepared.applied,
                    entries: entries)
                try SyncFolder.writeAtomically(file.sealed(with: key), to: url)
            }
            try database.withSyncConnection { connection in try connection.removeFromOutbox(seq: prepared.seq) }
            summary.firstWritten = summary.firstWritten ?? prepared.seq
            summary.written = prepared.seq
            summary.writtenEntries += entries.count
        }
    }
}
