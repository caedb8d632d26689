import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The shared folder: one subfolder per device ("<dir>/<device>/"), numbered immutable files in
/// it ("00000042.bodiisync"), written only by that device, to a temporary name first, then
/// flushed to disk and renamed — another device or the file syncer never sees half a file.
struct SyncFolder {
    let url: URL

    static let suffix = ".bodiisync"
    /// A file sealed with the key and no entries: `join` checks the phrase against it.
    static let checkName = "key-check.bodiisync"

    func deviceFolder(_ device: Int64) -> URL { url.appendingPathComponent(String(device), isDirectory: true) }

    func fileURL(device: Int64, seq: Int64) -> URL {
        deviceFolder(device).appendingPathComponent(String(format: "%08lld", seq) + Self.suffix)
    }

    /// The devices that have a folder here.
    func devices() -> [Int64] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.compactMap { name in Int64(name).flatMap { $0 > 0 && String($0) == name ? $0 : nil } }.sorted()
    }

    /// A device's files by sequence, and one line for each kind of name that is not one (a
    /// Syncthing conflict copy, a temporary file of a write in progress or abandoned, anything
    /// else), with how many and the first: 10,000 stray files make three lines, not 10,000.
    func files(of device: Int64) -> (files: [Int64: URL], ignored: [String]) {
        let folder = deviceFolder(device)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var files: [Int64: URL] = [:]
        var strays: [(kind: String, names: [String])] = [
            ("a conflict copy made by the file syncer", []), ("a file still being written or abandoned", []), ("not a sync file", []),
        ]
        for name in names.sorted() {
            let stem = name.hasSuffix(Self.suffix) ? String(name.dropLast(Self.suffix.count)) : ""
            if stem.count == 8, stem.allSatisfy(\.isASCII), let seq = Int64(stem), seq > 0 {
                files[seq] = folder.appendingPathComponent(name)
            } else if name.contains(".sync-conflict-") {
                strays[0].names.append(name)
            } else if name.hasPrefix(".") {
                strays[1].names.append(name)
            } else {
                strays[2].names.append(name)
            }
        }
        let ignored = strays.filter { !$0.names.isEmpty }.map { stray in
            stray.names.count == 1
                ? "device \(device): \(stray.names[0]) is \(stray.kind); ignored"
                : "device \(device): \(stray.names.count) names are \(stray.kind) (the first \(stray.names[0])); ignored"
        }
        return (files, ignored)
    }

    /// The most bytes a sync file can hold: `SyncFile.sizeLimit` of entries, one entry over it
    /// (cut at `Outbox.entryLimit`, with its causal lengths), the header. A larger file is refused
    /// before it is read, so a stray 1 GB file costs no memory.
    static let maxFileBytes = 8_000_000

    /// A file's bytes, refused unread when larger than any sync file.
    static func read(_ url: URL) throws -> [UInt8] {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw SyncFile.ReadError.damaged("cannot be read: \(String(cString: strerror(errno)))") }
        defer { _ = close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw SyncFile.ReadError.damaged("not a regular file") }
        guard Int(info.st_size) <= maxFileBytes else {
            throw SyncFile.ReadError.damaged(String(format: "%.1f MB, larger than any sync file (at most 8 MB)", Double(info.st_size) / 1_000_000))
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in Glibc.read(fd, buffer.baseAddress.map { $0 + count }, buffer.count - count) }
            guard got >= 0 else { throw SyncFile.ReadError.damaged("cannot be read: \(String(cString: strerror(errno)))") }
            if got == 0 { break }
            count += got
        }
        // A file that grew while read is another writer's, half done: not read further.
        guard count <= Int(info.st_size) else { throw SyncFile.ReadError.damaged("changed while read") }
        return Array(bytes[..<count])
    }

    /// How a new file's number turned out.
    enum NewFile {
        case written
        /// A file is there already under that number; nothing was written.
        case taken
    }

    /// Writes `bytes` as `url` unless a file is there: a temporary name, fsync, then a hard link
    /// to the final name (which fails when the name is taken, so two writers of one number never
    /// overwrite each other), fsync of the folder. Where the file system has no hard links (FAT
    /// on a USB stick), a rename after a look.
    static func writeNew(_ bytes: [UInt8], to url: URL) throws -> NewFile {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        try writeFlushed(bytes, to: temporary)
        defer { unlink(temporary.path) }
        if link(temporary.path, url.path) != 0 {
            switch errno {
            case EEXIST: return .taken
            case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK:
                if FileManager.default.fileExists(atPath: url.path) { return .taken }
                guard rename(temporary.path, url.path) == 0 else { throw writeError(url) }
            default: throw writeError(url)
            }
        }
        syncFolder(folder)
        return .written
    }

    /// Writes `bytes` as `url`, replacing it: a temporary name, fsync, rename, fsync of the folder.
    static func writeAtomically(_ bytes: [UInt8], to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        try writeFlushed(bytes, to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let error = writeError(url)
            unlink(temporary.path)
            throw error
        }
        syncFolder(folder)
    }

    private static func writeError(_ url: URL) -> SyncError {
        SyncError.io("cannot write \(url.path): \(String(cString: strerror(errno)))")
    }

    /// A new file of `bytes`, flushed to disk; removed again when that fails.
    private static func writeFlushed(_ bytes: [UInt8], to temporary: URL) throws {
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SyncError.io("cannot write \(temporary.path): \(String(cString: strerror(errno)))") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { write(fd, $0 + written, buffer.count - written) } ?? -1
            }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                _ = close(fd)
                unlink(temporary.path)
                throw SyncError.io("cannot write \(temporary.path): \(reason)")
            }
            written += count
        }
        let synced = fsync(fd)
        _ = close(fd)
        guard synced == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw SyncError.io("cannot write \(temporary.path): \(reason)")
        }
    }

    private static func syncFolder(_ folder: URL) {
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            _ = close(directory)
        }
    }
}
