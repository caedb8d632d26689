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

    /// A device's files by sequence, and one line for each name that is not one (a Syncthing
    /// conflict copy, a temporary file of a write in progress or abandoned, anything else).
    func files(of device: Int64) -> (files: [Int64: URL], ignored: [String]) {
        let folder = deviceFolder(device)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var files: [Int64: URL] = [:]
        var ignored: [String] = []
        for name in names.sorted() {
            let stem = name.hasSuffix(Self.suffix) ? String(name.dropLast(Self.suffix.count)) : ""
            if stem.count == 8, stem.allSatisfy(\.isASCII), let seq = Int64(stem), seq > 0 {
                files[seq] = folder.appendingPathComponent(name)
            } else if name.contains(".sync-conflict-") {
                ignored.append("device \(device): \(name) is a conflict copy made by the file syncer; ignored")
            } else if name.hasPrefix(".") {
                ignored.append("device \(device): \(name) is a file still being written or abandoned; ignored")
            } else {
                ignored.append("device \(device): \(name) is not a sync file; ignored")
            }
        }
        return (files, ignored)
    }

    /// Writes `bytes` as `url`: a temporary name, fsync, rename, fsync of the folder.
    static func writeAtomically(_ bytes: [UInt8], to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
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
        guard synced == 0, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw SyncError.io("cannot write \(url.path): \(String(cString: strerror(errno)))")
        }
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            _ = close(directory)
        }
    }
}
