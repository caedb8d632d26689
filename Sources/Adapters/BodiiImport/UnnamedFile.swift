import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A file with no name in a folder (Linux's `O_TMPFILE`): whatever ends the process — an error,
/// Ctrl-C, `kill -9` — nothing is left behind, and no signal handler is needed. It gets a name
/// only when `publish(over:)` links it in. Where the file system cannot make one, it is a
/// `mkstemp` file: unlinked at once when it is never to be kept (`keepable: false`), else named
/// `.name.bodii-XXXXXX` until published and removed when it is not.
public final class UnnamedFile {
    /// errno of what failed.
    public struct Failure: Error, Sendable, LocalizedError {
        public let code: Int32
        public var errorDescription: String? { InputFile.reason(code) }
    }

    public private(set) var fd: Int32
    /// The name it has while unpublished: only a `keepable` file on a file system without `O_TMPFILE`.
    private var temporaryName: String?
    private let folder: String

    /// `O_TMPFILE` as Linux defines it (asm-generic, x86-64, arm64): Glibc's module does not export it.
    private static let tmpfileFlag: Int32 = 0o20000000 | O_DIRECTORY

    public init(in folder: String, keepable: Bool = false, stem: String = "bodii") throws(Failure) {
        self.folder = folder
        fd = open(folder, Self.tmpfileFlag | O_RDWR | O_CLOEXEC, 0o600)
        if fd >= 0 { return }
        // No O_TMPFILE here (EISDIR, EOPNOTSUPP…): a named temporary; a missing folder stays an error.
        guard errno != ENOENT, errno != ENOTDIR, errno != EACCES, errno != EROFS else { throw Failure(code: errno) }
        var template = Array((folder + "/." + stem + ".bodii-XXXXXX").utf8CString)
        fd = mkstemp(&template)
        guard fd >= 0 else { throw Failure(code: errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let name = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if keepable { temporaryName = name } else { unlink(name) }
    }

    /// Appends `bytes`, short writes continued.
    public func write(_ bytes: Data) throws(Failure) {
        let failed: Int32? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
        if let failed { throw Failure(code: failed) }
    }

    /// A handle reading the file from its start (it shares the position: one reader at a time).
    public func readFromStart() throws(Failure) -> FileHandle {
        let copy = dup(fd)
        guard copy >= 0, lseek(copy, 0, SEEK_SET) == 0 else { throw Failure(code: errno) }
        return FileHandle(fileDescriptor: copy, closeOnDealloc: true)
    }

    /// Up to `count` bytes from `offset` (fewer at the end), without moving the write position.
    public func read(at offset: Int64, count: Int) throws(Failure) -> Data {
        var data = Data(count: count)
        var filled = 0
        while filled < count {
            let n = data.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return pread(fd, base + filled, count - filled, off_t(offset) + off_t(filled))
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(code: errno)
            }
            if n == 0 { break }
            filled += n
        }
        data.count = filled
        return data
    }

    /// Its size now.
    public var size: Int64 {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int64(info.st_size) : 0
    }

    /// Its bytes from the start, a megabyte at a time.
    public func eachPiece(_ body: (Data) throws -> Void) throws {
        var offset: Int64 = 0
        while true {
            let piece = try read(at: offset, count: 1 << 20)
            if piece.isEmpty { return }
            try body(piece)
            offset += Int64(piece.count)
        }
    }

    /// A path that opens this file again (Linux's /proc), for a library that wants a path.
    public var reopenablePath: String { "/proc/self/fd/\(fd)" }

    /// Gives the file the name `target` in its folder, replacing what is there at once (rename).
    public func publish(over target: String) throws(Failure) {
        if let name = temporaryName {
            guard rename(name, target) == 0 else { throw Failure(code: errno) }
            temporaryName = nil
            return
        }
        // Linked in under a fresh hidden name, then renamed over the target: replacing is atomic.
        for _ in 0..<100 {
            let name = folder + "/.bodii-\(UInt64.random(in: 0...UInt64.max))"
            if linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) != 0 {
                if errno == EEXIST { continue }
                throw Failure(code: errno)
            }
            guard rename(name, target) == 0 else {
                let code = errno
                unlink(name)
                throw Failure(code: code)
            }
            return
        }
        throw Failure(code: EEXIST)
    }

    /// Closes the file; unpublished, it is gone.
    public func close() throws(Failure) {
        if let name = temporaryName { unlink(name) }
        temporaryName = nil
        guard fd >= 0 else { return }
        let result = Glibc.close(fd)
        fd = -1
        if result != 0 { throw Failure(code: errno) }
    }

    deinit { try? close() }
}
