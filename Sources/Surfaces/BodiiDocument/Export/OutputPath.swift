import BodiiDomain
import BodiiImport
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A path the user named for Bodii to write (`bodii export --out`, Settings → Data → Export), and
/// the one way Bodii writes there (PRODUCT.md §9 "Output paths"):
/// - absent, or a regular file that is not the database nor one of its sidecars: written to a
///   temporary sibling, synced, then renamed over it — a failed write leaves what was there;
/// - a character device or a FIFO (`/dev/null`, `/dev/stdout` on a pipe): written through, never
///   renamed over; a FIFO no program reads is refused rather than waited on forever;
/// - a folder, a disk device, a socket: refused (a CSV export goes *into* a folder, and never
///   deletes anything there).
/// Failures are one line naming the path and the reason in words.
package struct OutputPath {
    /// Why nothing was written: a refusal of what the path names (usage, 64) or the disk's (I/O, 74).
    package struct Failure: Error, CustomStringConvertible {
        package let isRefusal: Bool
        package let message: String
        package var description: String { message }
    }

    package let path: String
    /// The database the export reads: it and its sidecars are never written over.
    package let database: URL

    package init(path: String, database: URL) {
        self.path = path
        self.database = database
    }

    /// What is at a path now, symbolic links followed.
    package enum Found {
        case absent
        case regularFile(stat)
        case folder, characterDevice, fifo, blockDevice, socket, other
    }

    // MARK: - Writing

    /// Writes what `produce` puts into the sink as the file at `path`.
    func writeFile(_ produce: (OutputSink) throws -> Void) throws {
        Self.survivingFailedWrites()
        switch try Self.found(path) {
        case .absent:
            try refuseDatabase(path)
            try Self.replace(Self.canonical(path), shownAs: path, existing: nil, produce)
        case .regularFile(let info):
            try refuseDatabase(path)
            // Through a symbolic link, the file it points to is replaced and the link stays.
            try Self.replace(Self.canonical(path), shownAs: path, existing: info, produce)
        case .characterDevice: try writeThrough(fifo: false, produce)
        case .fifo: try writeThrough(fifo: true, produce)
        case .folder: throw refusal("is a folder; give a file name")
        case .blockDevice: throw refusal("is a disk device; Bodii writes only files, character devices and FIFOs")
        case .socket: throw refusal("is a socket; Bodii writes only files, character devices and FIFOs")
        case .other: throw refusal("is neither a file nor a device")
        }
    }

    /// Writes `files` into the folder at `path`: a new folder appears whole or not at all; in an
    /// existing one every file is written under a temporary name first and renamed only when all
    /// are written, and nothing else in it is touched.
    func writeFolder(_ files: [CSVFile]) throws {
        Self.survivingFailedWrites()
        switch try Self.found(path) {
        case .absent: try writeNewFolder(files)
        case .folder: try writeIntoFolder(files)
        default: throw refusal("is not a folder: CSV goes into a folder (new or existing) or a file ending in .zip")
        }
    }

    /// Every file is written with no name (`UnnamedFile`), so a kill while writing leaves nothing;
    /// only once all are written do they get names, in a hidden folder renamed into place.
    private func writeNewFolder(_ files: [CSVFile]) throws {
        let target = Self.canonical(path)
        let parent = Self.parent(of: target)
        let written = try files.map { file in try Self.unnamedCopy(of: file, in: parent, shownAs: path + "/" + file.name) }
        defer { for file in written { try? file.close() } }
        var template = Array((parent + "/." + Self.shortName(target) + ".bodii-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw Self.failure(path, errno, folder: parent) }
        let temporary = Self.text(template)
        var finished = false
        defer {
            if !finished {
                for file in files { unlink(temporary + "/" + file.name) }
                rmdir(temporary)
            }
        }
        for (file, copy) in zip(files, written) {
            do { try copy.publish(over: temporary + "/" + file.name) } catch { throw Self.failure(path + "/" + file.name, error.code) }
        }
        Self.syncFolder(temporary)
        guard rename(temporary, target) == 0 else { throw Self.failure(path, errno) }
        finished = true
        Self.syncFolder(parent)
    }

    private func writeIntoFolder(_ files: [CSVFile]) throws {
        let folder = Self.canonical(path)
        var existing: [String: stat] = [:]
        for file in files {  // everything checked before anything is written
            let target = folder + "/" + file.name
            switch try Self.found(target) {
            case .absent: break
            case .regularFile(let info): existing[file.name] = info
            default: throw refusal("holds \(file.name), which is not a regular file; nothing was written")
            }
            try refuseDatabase(target)
        }
        // Written with no names first: a kill leaves nothing, and no file is replaced until all are written.
        let written = try files.map { file in
            try Self.unnamedCopy(of: file, in: folder, shownAs: path + "/" + file.name, existing: existing[file.name])
        }
        defer { for file in written { try? file.close() } }
        for (file, copy) in zip(files, written) {
            do { try copy.publish(over: folder + "/" + file.name) } catch { throw Self.failure(path, error.code) }
        }
        Self.syncFolder(folder)
    }

    /// `file`'s bytes in a new file with no name in `folder`, synced, ready to publish.
    private static func unnamedCopy(of file: CSVFile, in folder: String, shownAs shown: String, existing: stat? = nil) throws
        -> UnnamedFile
    {
        let copy: UnnamedFile
        do { copy = try UnnamedFile(in: folder, keepable: true, stem: file.name) } catch {
            throw failure(shown, error.code, folder: folder)
        }
        try fill(copy.fd, shownAs: shown, existing: existing, closing: false) { sink in try file.file.eachPiece { try sink.write($0) } }
        return copy
    }

    /// Opens a device or FIFO for writing and writes into it: no temporary, no rename.
    private func writeThrough(fifo: Bool, _ produce: (OutputSink) throws -> Void) throws {
        // A FIFO opened without O_NONBLOCK waits for a reader forever; with it, none is ENXIO.
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (fifo ? O_NONBLOCK : 0))
        guard fd >= 0 else {
            if fifo, errno == ENXIO { throw Self.ioFailure(path, "it is a FIFO and no program is reading from it") }
            throw Self.failure(path, errno)
        }
        if fifo { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }  // then wait for the reader as a pipe does
        do {
            try produce(OutputSink(fd: fd, shownAs: path))
        } catch {
            close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw Self.failure(path, errno) }
    }

    // MARK: - The database and its sidecars

    /// Refuses `target` when it is the database or a sidecar of it: the same file (device and
    /// inode, links followed) or the same name once `.`, `..` and links are resolved (a sidecar
    /// that does not exist yet would be taken by SQLite when it opens the database).
    func refuseDatabase(_ target: String) throws {
        let db = database.path
        let mine = Self.canonical(target)
        var info = stat()
        let exists = stat(target, &info) == 0
        for base in Set([db, Self.canonical(db)]) {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                let name = base + suffix
                var other = stat()
                let same =
                    Self.canonical(name) == mine
                    || (exists && stat(name, &other) == 0 && other.st_dev == info.st_dev && other.st_ino == info.st_ino)
                guard same else { continue }
                throw refusal(
                    suffix.isEmpty
                        ? "is Bodii's database (\(db)); export to another file"
                        : "is the database's \(suffix) file (\(db)\(suffix)); export to another file")
            }
        }
    }

    // MARK: - Files

    package static func found(_ path: String) throws -> Found {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            var link = stat()
            if code == ENOENT, lstat(path, &link) == 0 {
                throw Failure(isRefusal: true, message: "\(quoted(path)) is a symbolic link to nothing; give a file name")
            }
            if code == ENOENT { return .absent }
            throw failure(path, code)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regularFile(info)
        case S_IFDIR: return .folder
        case S_IFCHR: return .characterDevice
        case S_IFIFO: return .fifo
        case S_IFBLK: return .blockDevice
        case S_IFSOCK: return .socket
        default: return .other
        }
    }

    /// Writes `produce`'s bytes to a file with no name beside `target`, syncs it and links it in
    /// over it: stopped by anything — an error, Ctrl-C, `kill -9` — it leaves nothing behind.
    private static func replace(
        _ target: String, shownAs path: String, existing: stat?,
        _ produce: (OutputSink) throws -> Void
    ) throws {
        let folder = parent(of: target)
        let file: UnnamedFile
        do { file = try UnnamedFile(in: folder, keepable: true, stem: shortName(target)) } catch {
            throw failure(path, error.code, folder: folder)
        }
        try fill(file.fd, shownAs: path, existing: existing, closing: false, produce)
        do {
            try file.publish(over: target)
            try file.close()
        } catch {
            throw failure(path, error.code)
        }
        syncFolder(folder)
    }

    /// Fills the open file, gives it the replaced file's mode (and owner, as root), syncs and closes it.
    private static func fill(
        _ fd: Int32, shownAs path: String, existing: stat?, closing: Bool = true, _ produce: (OutputSink) throws -> Void
    ) throws {
        do {
            try produce(OutputSink(fd: fd, shownAs: path))
            if let existing {
                _ = fchmod(fd, existing.st_mode & 0o7777)
                if geteuid() == 0 { _ = fchown(fd, existing.st_uid, existing.st_gid) }
            }
            guard fsync(fd) == 0 else { throw failure(path, errno) }
        } catch {
            if closing { close(fd) }
            throw error
        }
        guard !closing || close(fd) == 0 else { throw failure(path, errno) }
    }

    /// A full disk or a file size limit is an error to report, not a signal that kills the
    /// process (SIGXFSZ) with a half-written file; a reader that goes away is EPIPE, not SIGPIPE.
    package static func survivingFailedWrites() {
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
    }

    private static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// The path with `.`, `..` and symbolic links resolved as far as it exists.
    static func canonical(_ path: String) -> String {
        if let real = realPath(path) { return real }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        return (realPath(folder.path) ?? folder.standardizedFileURL.path) + "/" + url.lastPathComponent
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A C string filled in by mkstemp or mkdtemp.
    private static func text(_ cString: [CChar]) -> String {
        String(decoding: cString.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func parent(of path: String) -> String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return folder.isEmpty ? "/" : folder
    }

    /// The name in a temporary's name, short enough that the temporary's fits NAME_MAX.
    private static func shortName(_ path: String) -> String {
        String(URL(fileURLWithPath: path).lastPathComponent.prefix(64))
    }

    // MARK: - Messages

    private func refusal(_ reason: String) -> Failure {
        Failure(isRefusal: true, message: "\(Self.quoted(path)) \(reason)")
    }

    static func ioFailure(_ path: String, _ reason: String) -> Failure {
        Failure(isRefusal: false, message: "cannot write \(quoted(path)): \(reason)")
    }

    /// An errno in words ("no space left on device"); a missing folder is named.
    package static func failure(_ path: String, _ code: Int32, folder: String? = nil) -> Failure {
        if let folder, code == ENOENT { return ioFailure(path, "the folder \(folder) does not exist") }
        if let folder, code == ENOTDIR { return ioFailure(path, "\(folder) is not a folder") }
        return ioFailure(path, reason(code))
    }

    package static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let words = String(cString: text)
        return words.prefix(1).lowercased() + words.dropFirst()
    }

    package static func quoted(_ path: String) -> String { TerminalText.printable(path) }
}

/// Bytes on their way into an output file: every write checked, short writes continued.
struct OutputSink {
    package let fd: Int32
    let shownAs: String

    package func write(_ bytes: Data) throws {
        try bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw OutputPath.failure(shownAs, errno)
                }
                offset += n
            }
        }
    }

    package func write(_ text: String) throws { try write(Data(text.utf8)) }
}
