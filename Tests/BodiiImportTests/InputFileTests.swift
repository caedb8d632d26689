import BodiiImport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The one way importers open their input (issue 48 item 1): a pipe is copied up to a limit into
/// a file with no name, readable again from its start; past the limit it is refused.
@Suite struct InputFileTests {
    /// A pipe fed `count` bytes of "x" by a thread, opened as its /proc path (a FIFO).
    static func pipe(feeding count: Int) throws -> (path: String, writer: Thread) {
        var ends: [Int32] = [0, 0]
        try #require(Glibc.pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let thread = Thread {
            let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: count)
            var offset = 0
            while offset < count {
                let n = bytes.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress! + offset, count - offset) }
                if n <= 0 { break }
                offset += n
            }
            close(writeEnd)
        }
        thread.start()
        return ("/proc/self/fd/\(readEnd)", thread)
    }

    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-input-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aPipeUnderTheLimitIsSpooledAndReadTwice() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (path, _) = try Self.pipe(feeding: 300_000)
        let input = try InputFile(path: path)
        #expect(input.size == nil)
        let spool = try input.spool(limit: 300_000, in: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        for _ in 0..<2 {
            let data = try spool.readFromStart().readToEnd() ?? Data()
            #expect(data.count == 300_000 && data.allSatisfy { $0 == UInt8(ascii: "x") })
        }
    }

    @Test func aPipePastTheLimitIsRefused() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (path, _) = try Self.pipe(feeding: 300_001)
        #expect(throws: InputFileError.tooLarge(limit: 300_000)) { try InputFile(path: path).spool(limit: 300_000, in: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        let (again, _) = try Self.pipe(feeding: 300_001)
        #expect(throws: InputFileError.tooLarge(limit: 300_000)) { try InputFile(path: again).readAll(limit: 300_000) }
    }

    @Test func aFileLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/big.csv"
        try Data(count: 1001).write(to: URL(fileURLWithPath: file))
        #expect(throws: InputFileError.tooLarge(limit: 1000)) { try InputFile(path: file).readAll(limit: 1000) }
        #expect(try InputFile(path: file).readAll(limit: 1001).count == 1001)
    }

    @Test func anUnnamedFileGetsItsNameOnlyWhenPublished() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try UnnamedFile(in: folder, keepable: true)
        try file.write(Data("hello".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        try file.publish(over: folder + "/out.txt")
        try file.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.txt"])
        #expect(try String(contentsOfFile: folder + "/out.txt", encoding: .utf8) == "hello")
    }
}
