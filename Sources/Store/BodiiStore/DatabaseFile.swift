import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Looks at the path a database is opened from before SQLite does. Only regular files are ever
/// created, chmod'ed or handed to SQLite: a FIFO would block SQLite's open forever, and a device
/// (`/dev/null`) would be chmod'ed and get a journal beside it. Links are followed to what they
/// point at; a link to nothing is refused rather than created through.
enum DatabaseFile {
    /// What the path holds, once it is known to be usable.
    enum State {
        /// No bytes yet (created just now, or an existing empty file): SQLite treats it as new.
        case new
        /// A SQLite file.
        case existing
    }

    static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// With `creating`, makes the folder (0700) and the file (0600) when missing; without it,
    /// only looks and never changes anything.
    static func prepare(at url: URL, creating: Bool) throws -> State {
        let path = url.path
        if creating { try makeFolder(of: url) }
        // Bounded: another process may create or remove the file between two steps.
        for _ in 0..<3 {
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            if fd >= 0 {
                defer { _ = close(fd) }
                return try inspect(descriptor: fd, path: path, mayRestrict: creating)
            }
            let code = errno
            if code == ENXIO { throw StoreError.notARegularFile(path: path, kind: "a socket") }
            guard code == ENOENT else { throw StoreError.cannotOpen(path: path, reason: reason(code)) }
            if let target = danglingLinkTarget(path) { throw StoreError.danglingLink(path: path, target: target) }
            guard creating else { throw StoreError.noDatabase(path) }
            let created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if created >= 0 {
                fchmod(created, 0o600)  // whatever the umask
                _ = close(created)
                return .new
            }
            let createCode = errno
            guard createCode == EEXIST else { throw StoreError.cannotOpen(path: path, reason: reason(createCode)) }
        }
        throw StoreError.cannotOpen(path: path, reason: "another program keeps creating and removing it")
    }

    /// Refuses anything but a regular file, through the descriptor already open (no race with a
    /// swap of the path), and reads the header.
    private static func inspect(descriptor fd: Int32, path: String, mayRestrict: Bool) throws -> State {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw StoreError.cannotOpen(path: path, reason: reason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw StoreError.cannotOpen(path: path, reason: "it is a folder")
        case S_IFIFO: throw StoreError.notARegularFile(path: path, kind: "a named pipe (FIFO)")
        case S_IFCHR: throw StoreError.notARegularFile(path: path, kind: "a character device")
        case S_IFBLK: throw StoreError.notARegularFile(path: path, kind: "a block device")
        default: throw StoreError.notARegularFile(path: path, kind: "not a regular file")
        }
        var head = [UInt8](repeating: 0, count: sqliteHeader.count)
        let count = read(fd, &head, head.count)
        guard count >= 0 else { throw StoreError.cannotOpen(path: path, reason: reason(errno)) }
        if count == 0 {
            if mayRestrict { fchmod(fd, 0o600) }
            return .new
        }
        guard count == head.count, head == sqliteHeader else { throw StoreError.notADatabase(path) }
        return .existing
    }

    private static func makeFolder(of url: URL) throws {
        let path = url.path
        let folder = url.deletingLastPathComponent().path
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw StoreError.cannotOpen(path: path, reason: "\(folder) is not a folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.cannotOpen(path: path, reason: "cannot create the folder \(folder)")
        }
        chmod(folder, 0o700)
    }

    /// The target of `path` when it is a symbolic link to nothing.
    private static func danglingLinkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "nothing"
    }

    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// Whether this process may write the file, and its mode lets anyone write it: a 0444 file
    /// reads as read-only even for root, whom `access` never refuses.
    static func isWritable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o222 != 0 && access(path, W_OK) == 0
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Gives the owner back write access to a -wal or -shm of ours that lacks it while the file
    /// itself is writable: left read-only by a reader of a read-only file (an older Bodii, or
    /// sqlite3), they would make every write fail after `chmod 644`.
    static func mendReadOnlySidecars(of path: String) {
        guard isWritable(path) else { return }
        for sidecar in [path + "-wal", path + "-shm"] {
            var info = stat()
            guard stat(sidecar, &info) == 0, info.st_uid == geteuid(), info.st_mode & S_IWUSR == 0 else { continue }
            chmod(sidecar, (info.st_mode & 0o700) | 0o600)
        }
    }

    /// SQLite gives -wal and -shm the main file's mode; make sure they are never group or world
    /// readable, whatever that mode or the umask was.
    static func restrictSidecars(of path: String) {
        for sidecar in [path + "-wal", path + "-shm"] {
            var info = stat()
            guard stat(sidecar, &info) == 0 else { continue }
            let mode = info.st_mode & 0o777
            if mode & 0o077 != 0 { chmod(sidecar, mode & 0o700) }
        }
    }
}
