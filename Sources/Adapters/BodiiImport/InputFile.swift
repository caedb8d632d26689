import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Why an import's input could not be opened or read. Each importer words it in its own error.
public enum InputFileError: Error, Equatable, Sendable {
    case missing
    case folder
    /// A character or block device, or a socket: nothing an export is read from (`/dev/zero`).
    case device
    /// A FIFO nobody opened for writing within `InputFile.fifoWait`.
    case fifoWithoutWriter
    /// More than the importer's limit arrived (a FIFO or pipe, or a file too large to be an export).
    case tooLarge(limit: Int64)
    case unreadable(reason: String)

    /// The one-line reason, after the path.
    public func message(_ path: String) -> String {
        switch self {
        case .missing: return "no file at \(path)"
        case .folder: return "\(path) is a folder, not an export file"
        case .device: return "\(path) is a device or socket, not an export file"
        case .fifoWithoutWriter:
            return "\(path) is a FIFO with no writer (nothing opened it for writing within \(Int(InputFile.fifoWait)) s); nothing was written"
        case .tooLarge(let limit):
            return "\(path) holds more than \(InputFile.megabytes(limit)), more than any export this importer reads; nothing was written"
        case .unreadable(let reason): return "cannot read \(path): \(reason)"
        }
    }

    /// 66 for input that is not there (or not a file), 65 for too much of it, 74 for I/O.
    public var exitCode: Int32 {
        switch self {
        case .missing, .folder, .device, .fifoWithoutWriter: return 66
        case .tooLarge: return 65
        case .unreadable: return 74
        }
    }
}

/// An import's input opened once — a regular file, or a FIFO or pipe read without losing a byte —
/// the one way every importer opens what it is given: a device (`/dev/zero`) or socket is
/// refused, a FIFO without a writer is refused within `fifoWait`, and what has no size is read
/// only up to a limit.
public final class InputFile {
    /// How long a FIFO may wait for its writer to open it (a `cat > fifo` started just after).
    public static let fifoWait = 2.0

    private var fd: Int32
    /// The file's size; nil for a FIFO or pipe, whose size is known only at its end.
    public let size: Int64?
    /// A byte read while finding out whether a FIFO has a writer.
    private var pending = Data()

    /// Opens `path` (links followed).
    public init(path: String) throws(InputFileError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .missing }
            throw .unreadable(reason: Self.reason(errno))
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw .folder }
        guard kind == S_IFREG || kind == S_IFIFO else { throw .device }
        let isFIFO = kind == S_IFIFO
        size = isFIFO ? nil : Int64(info.st_size)
        // A FIFO opens without waiting for a writer; a writer is then waited for, a short while.
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | (isFIFO ? O_NONBLOCK : 0))
        guard fd >= 0 else { throw .unreadable(reason: Self.reason(errno)) }
        guard isFIFO else { return }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        // Linux reports nothing on a FIFO no writer has opened yet, so this waits for one.
        if poll(&poller, 1, Int32(Self.fifoWait * 1000)) <= 0 {
            // Nothing yet: a pipe whose writer is slow says EAGAIN (wait for it); no writer at all says 0.
            var byte: UInt8 = 0
            let n = Glibc.read(fd, &byte, 1)
            if n == 1 {
                pending = Data([byte])
            } else if !(n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                close()
                throw .fifoWithoutWriter
            }
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    }

    /// Up to `count` bytes; empty at the end.
    public func read(upTo count: Int) throws(InputFileError) -> Data {
        var data = Data(count: count)
        var filled = min(pending.count, count)
        if filled > 0 {
            data.replaceSubrange(0..<filled, with: pending.prefix(filled))
            pending.removeFirst(filled)
        }
        while filled < count {
            let n = data.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(fd, base + filled, count - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: Self.reason(errno))
            }
            if n == 0 { break }
            filled += n
        }
        data.count = filled
        return data
    }

    /// The whole input in memory, refused past `limit` bytes (checked before reading when the size is known).
    public func readAll(limit: Int64) throws(InputFileError) -> Data {
        if let size, size > limit { throw .tooLarge(limit: limit) }
        var all = Data()
        while true {
            let piece = try read(upTo: 1 << 20)
            if piece.isEmpty { return all }
            guard Int64(all.count + piece.count) <= limit else { throw .tooLarge(limit: limit) }
            all.append(piece)
        }
    }

    /// The input copied, up to `limit` bytes, into a file with no name in `folder` (nothing is
    /// left there whatever ends the process, `kill -9` included), to be read again from its start
    /// as often as needed. More than `limit` is refused.
    public func spool(limit: Int64, in folder: String) throws(InputFileError) -> UnnamedFile {
        let file: UnnamedFile
        do { file = try UnnamedFile(in: folder) } catch { throw .unreadable(reason: "cannot make a temporary file in \(folder): \(Self.reason(error.code))") }
        var copied: Int64 = 0
        while true {
            let piece = try read(upTo: 1 << 16)
            if piece.isEmpty { break }
            copied += Int64(piece.count)
            guard copied <= limit else { throw .tooLarge(limit: limit) }
            do { try file.write(piece) } catch { throw .unreadable(reason: "cannot write a temporary file in \(folder): \(Self.reason(error.code))") }
        }
        return file
    }

    public func close() {
        if fd >= 0 { _ = Glibc.close(fd) }
        fd = -1
    }

    deinit { close() }

    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let words = String(cString: text)
        return words.prefix(1).lowercased() + words.dropFirst()
    }

    /// "64 MB" (decimal megabytes, as `ls -h --si` and the progress line show).
    static func megabytes(_ bytes: Int64) -> String { "\(bytes / 1_000_000) MB" }
}
