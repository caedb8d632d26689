import BodiiStore
import Foundation

/// A file missing from the shared folder: one of this device's, or another's that a file here
/// (or this database) says exists. Sync cannot go past it, so it is said at every sync, in
/// `sync status` and in `"gaps"` until it is back (issue 48: a deleted file used to mean
/// "Nothing new" forever).
public struct SyncGap: Sendable, Equatable, Codable {
    public var device: Int64
    /// The first and last missing file; for a whole device folder, the files applied from it.
    public var first: Int64
    public var last: Int64
    public var line: String
}

extension SyncEngine {
    /// This device's files this database did not write: a backup restored after it synced on, a
    /// copy of the database syncing as the same device, a file put there by hand. Each is
    /// applied here in order, like another device's (last writer wins decides as anywhere), and
    /// this device's next file goes after them, so no change is dropped and no number reused.
    /// `from`: the first number to look at (by default the next this database would write, or
    /// the one its outbox was given, when a file there is not the one it holds).
    static func adoptOwnFiles(
        _ database: BodiiDatabase, folder: SyncFolder, key: SyncKey, from first: Int64? = nil, into summary: inout SyncSummary
    ) throws {
        let device = summary.device
        let files = folder.files(of: device).files
        var seq = try first ?? database.withSyncReading { connection in try connection.nextSequence() }
        if first == nil, let chosen = try database.withSyncReading({ connection in try connection.chosenOutboxSequence() }), files[chosen] != nil {
            seq = min(seq, chosen)
        }
        var adopted = 0
        while let url = files[seq] {
            let file: SyncFile
            do {
                file = try SyncFile.open(try SyncFolder.read(url), with: key)
            } catch {
                throw SyncError.data(
                    "\(url.path) is this machine's file \(seq) but was not written by this database and cannot be read (\(error)); nothing synced: restore it from a copy of the folder")
            }
            guard file.device == device, file.seq == seq else {
                throw SyncError.data("\(url.path) says it is device \(file.device) file \(file.seq); nothing synced")
            }
            // A file another database wrote at the number this one's outbox was given, with
            // these very entries, is the one a stopped run here wrote: nothing to adopt.
            let outbox = try database.withSyncConnection { connection in try connection.outboxEntries(chosenFor: seq) }
            if let outbox, outbox.map(\.changeset) == file.entries.map(\.changeset) {
                break
            }
            _ = try apply(file, database)
            try database.withSyncConnection { connection in
                try connection.inTransaction {
                    for entry in file.entries { try connection.dropFromOutbox(hlc: entry.hlc, changeset: entry.changeset) }
                    try connection.passOwnFiles(through: seq)
                    // The other copy goes on counting from where it is: this one goes elsewhere.
                    try connection.leapIds()
                }
            }
            adopted += 1
            seq += 1
        }
        if adopted > 0 {
            summary.notes.append(
                "this machine's files \(seq - Int64(adopted))–\(seq - 1) were written by another copy of this database (a backup restored, or a copy syncing as device \(device)); applied here, and this machine's changes go after them"
            )
        }
    }

    /// The files missing from the folder, as seen from this database: this device's below the
    /// next it writes; another's below its highest file here or the last applied here; a device
    /// folder gone whose files were applied here.
    static func gaps(_ database: BodiiDatabase, folder: SyncFolder, device: Int64) throws -> [SyncGap] {
        let (next, applied) = try database.withSyncReading { connection in
            (try connection.nextSequence(), try connection.appliedFiles())
        }
        let path = folder.url.path
        var gaps: [SyncGap] = []
        let present = Set(folder.devices())
        for other in present.union(applied.keys).sorted() {
            let files = Set(folder.files(of: other).files.keys)
            let mine = other == device
            let top = mine ? next - 1 : max(files.max() ?? 0, applied[other] ?? 0)
            guard present.contains(other) else {
                if top > 0 {
                    gaps.append(
                        SyncGap(
                            device: other, first: 1, last: top,
                            line: "device \(other)'s folder is missing from \(path) (its files 1–\(top) were applied here): a machine joining now would not get them; restore it from a copy of the folder"))
                }
                continue
            }
            var seq: Int64 = 1
            while seq <= top {
                guard !files.contains(seq) else {
                    seq += 1
                    continue
                }
                var last = seq
                while last < top && !files.contains(last + 1) { last += 1 }
                let which = seq == last ? "file \(seq) is" : "files \(seq)–\(last) are"
                let whose = mine ? "this machine's \(which)" : "device \(other)'s \(which)"
                let consequence =
                    mine
                    ? "the other machines cannot apply this machine's later files"
                    : (applied[other] ?? 0) >= last
                        ? "applied here, but a machine joining now would not get them"
                        : "this machine cannot apply device \(other)'s later files"
                gaps.append(
                    SyncGap(
                        device: other, first: seq, last: last,
                        line: "\(whose) missing from \(path): \(consequence); restore \(seq == last ? "it" : "them") from a copy of the folder"))
                seq = last + 1
            }
        }
        return gaps
    }
}
