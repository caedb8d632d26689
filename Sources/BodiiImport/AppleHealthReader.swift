import BodiiDomain
import Foundation
import ZIPFoundation

/// Why an Apple Health file could not be read. `exitCode` follows PRODUCT.md §4.
public enum AppleHealthError: Error, Equatable, Sendable, CustomStringConvertible {
    case missing(String)
    case folderWithoutExport(String)
    case noExportInZip(String)
    case notAnExport(String, root: String)
    case xml(String, XMLStreamError)
    case unreadable(String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path): return "no file at \(path)"
        case .folderWithoutExport(let path): return "\(path) is a folder without an export.xml; give the export.zip or its export.xml"
        case .noExportInZip(let path): return "\(path) is a zip without apple_health_export/export.xml; is it the Health app's export?"
        case .notAnExport(let path, let root): return "\(path) is XML but not an Apple Health export (its root is <\(root)>, not <HealthData>)"
        case .xml(let path, let error): return "\(path): \(error)"
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        }
    }

    /// 66 for input that is not there, 65 for bad data, 74 for I/O.
    public var exitCode: Int32 {
        switch self {
        case .missing, .folderWithoutExport: return 66
        case .noExportInZip, .notAnExport, .xml: return 65
        case .unreadable: return 74
        }
    }
}

/// How far a read has come: bytes of the XML (uncompressed) and records seen.
public struct AppleHealthProgress: Sendable, Equatable {
    public var bytes: Int64
    public var totalBytes: Int64
    public var records: Int
}

/// Reads an Apple Health `export.zip` (its `apple_health_export/export.xml` entry streamed out of
/// the zip, never unpacked to disk) or an `export.xml`, through libxml2's push parser.
public enum AppleHealthReader {
    /// Bytes handed to the parser at a time.
    static let chunkSize = 1 << 20

    /// Reads the export at `path`. `progress` is called about every megabyte; cancellation (of the
    /// task, or `isCancelled`) throws `CancellationError`. Records dated after `latestDay` are left out.
    public static func read(path: String, latestDay: LocalDate, isCancelled: @escaping () -> Bool = { Task.isCancelled },
                            progress: (AppleHealthProgress) -> Void = { _ in }) throws -> AppleHealthData {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw AppleHealthError.missing(path) }
        var file = path
        if isFolder.boolValue {
            let inside = (path as NSString).appendingPathComponent("export.xml")
            guard FileManager.default.fileExists(atPath: inside) else { throw AppleHealthError.folderWithoutExport(path) }
            file = inside
        }
        let collector = AppleHealthCollector(latestDay: latestDay)
        let parser = StreamingXMLParser(handler: collector)
        var done: Int64 = 0
        var lastReport: Int64 = -1
        func take(_ data: Data, total: Int64) throws {
            if isCancelled() { throw CancellationError() }
            do {
                try parser.feed(data)
            } catch let error as XMLStreamError {
                throw AppleHealthError.xml(path, error)
            }
            if collector.sawRoot, collector.rootName != "HealthData" {
                throw AppleHealthError.notAnExport(path, root: TerminalText.printable(String((collector.rootName ?? "").prefix(40))))
            }
            done += Int64(data.count)
            if done - lastReport >= Int64(chunkSize) {
                lastReport = done
                progress(AppleHealthProgress(bytes: done, totalBytes: total, records: collector.data.recordCount))
            }
        }

        if try isZip(file) {
            let archive: Archive
            do {
                archive = try Archive(url: URL(fileURLWithPath: file), accessMode: .read)
            } catch {
                throw AppleHealthError.xml(path, .malformed(message: "a damaged zip file", line: 0))
            }
            guard let entry = exportEntry(in: archive) else { throw AppleHealthError.noExportInZip(path) }
            let total = Int64(clamping: entry.uncompressedSize)
            do {
                _ = try archive.extract(entry, bufferSize: chunkSize, skipCRC32: false) { try take($0, total: total) }
            } catch let error as AppleHealthError {
                throw error
            } catch let error as CancellationError {
                throw error
            } catch {
                throw AppleHealthError.xml(path, .malformed(message: "the zip entry could not be inflated (\(error))", line: 0))
            }
        } else {
            guard let handle = FileHandle(forReadingAtPath: file) else { throw AppleHealthError.unreadable(path, reason: "permission denied") }
            defer { try? handle.close() }
            let total = Int64((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)??.int64Value ?? 0)
            while true {
                let data: Data
                do {
                    data = try handle.read(upToCount: chunkSize) ?? Data()
                } catch {
                    throw AppleHealthError.unreadable(path, reason: error.localizedDescription)
                }
                if data.isEmpty { break }
                try take(data, total: total)
            }
        }
        do {
            try parser.finish()
        } catch let error as XMLStreamError {
            throw AppleHealthError.xml(path, error)
        }
        guard collector.sawRoot, collector.rootName == "HealthData" else {
            throw AppleHealthError.notAnExport(path, root: TerminalText.printable(String((collector.rootName ?? "").prefix(40))))
        }
        progress(AppleHealthProgress(bytes: done, totalBytes: done, records: collector.data.recordCount))
        return collector.finish()
    }

    static func isZip(_ file: String) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file) else { throw AppleHealthError.unreadable(file, reason: "permission denied") }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4)) ?? nil
        return head == Data([0x50, 0x4B, 0x03, 0x04])
    }

    /// `apple_health_export/export.xml`; in other languages the file has another name
    /// (`exportar.xml`), so any XML of that folder but the clinical `export_cda.xml`.
    static func exportEntry(in archive: Archive) -> Entry? {
        if let entry = archive["apple_health_export/export.xml"] { return entry }
        return archive.first { entry in
            let path = entry.path
            return entry.type == .file && path.hasPrefix("apple_health_export/") && path.hasSuffix(".xml")
                && !path.contains("cda") && path.split(separator: "/").count == 2
        }
    }
}
