import BodiiDomain
import Foundation
import ZIPFoundation
#if canImport(Glibc)
    import Glibc
#endif

/// Why an Apple Health file could not be read. `exitCode` follows PRODUCT.md §4.
public enum AppleHealthError: Error, Equatable, Sendable, CustomStringConvertible {
    case missing(String)
    case folderWithoutExport(String)
    case noExportInZip(String)
    case notAnExport(String, root: String)
    case xml(String, XMLStreamError)
    case unreadable(String, reason: String)
    /// A device or socket: nothing an export is read from.
    case notAFile(String)
    /// A FIFO nobody opened for writing within `InputFile.fifoWait`.
    case fifoWithoutWriter(String)
    /// A zip arriving through a pipe: its directory is at its end, so it cannot be streamed.
    case zipThroughPipe(String)
    /// The entry's CRC-32 or sizes do not match what it inflates to.
    case damagedZip(String, reason: String)
    /// The entry inflates more than `AppleHealthReader.maxInflationRatio` times its size (a zip bomb).
    case inflatesTooMuch(String)
    /// The export holds more than `AppleHealthLimits` allow; the text says what.
    case tooLarge(String, what: String)
    /// One day of a long export holds more than a pass keeps; `written` when the days before it were merged.
    case dayTooLarge(String, day: LocalDate, written: Bool)

    public var description: String {
        switch self {
        case .missing(let path): return "no file at \(path)"
        case .folderWithoutExport(let path): return "\(path) is a folder without an export.xml; give the export.zip or its export.xml"
        case .noExportInZip(let path): return "\(path) is a zip without apple_health_export/export.xml; is it the Health app's export?"
        case .notAnExport(let path, let root):
            return "\(path) is XML but not an Apple Health export (its root is <\(root)>, not <HealthData>)"
        case .xml(let path, let error): return "\(path): \(error)"
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .notAFile(let path): return "\(path) is a device or socket, not an export file; give the export.zip or its export.xml"
        case .fifoWithoutWriter(let path):
            return
                "\(path) is a FIFO with no writer (nothing opened it for writing within \(Int(InputFile.fifoWait)) s); nothing was written"
        case .zipThroughPipe(let path):
            return
                "\(path) is a zip arriving through a pipe, which cannot be read as it streams; give the export.zip file itself, or pipe its export.xml"
        case .damagedZip(let path, let reason): return "\(path) is a damaged zip (\(reason)); it was refused and nothing was written"
        case .inflatesTooMuch(let path):
            return
                "\(path) inflates to more than \(AppleHealthReader.maxInflationRatio) times its size, which no export does (a zip bomb?); it was refused and nothing was written"
        case .tooLarge(let path, let what): return "\(path) holds \(what); it was refused and nothing was written"
        case .dayTooLarge(let path, let day, let written):
            return "\(path) holds more records on \(day.iso) than one import can keep (at most "
                + "\(ActivityText.grouped(AppleHealthLimits.maxRows)) weigh-ins, workouts and meals a day); "
                + (written ? "the days before it were imported, that day and later ones were not" : "nothing was written")
        }
    }

    /// 66 for input that is not there, 65 for bad data, 74 for I/O.
    public var exitCode: Int32 {
        switch self {
        case .missing, .folderWithoutExport, .notAFile, .fifoWithoutWriter: return 66
        case .noExportInZip, .notAnExport, .xml, .zipThroughPipe, .damagedZip, .inflatesTooMuch, .tooLarge, .dayTooLarge: return 65
        case .unreadable: return 74
        }
    }
}

/// How far a read has come: bytes of the XML (uncompressed) and records seen.
public struct AppleHealthProgress: Sendable, Equatable {
    public var bytes: Int64
    /// The XML's size, 0 when unknown (a pipe).
    public var totalBytes: Int64
    public var records: Int
    /// Which read of the file this is, of how many: a long export is read once whole, then once
    /// per run of days (`AppleHealthPlan`).
    public var pass = 1
    public var passes = 1
}

/// Reads an Apple Health `export.zip` (its `apple_health_export/export.xml` entry streamed out of
/// the zip, never unpacked to disk), an `export.xml` (also through a pipe or FIFO), or the unzipped
/// folder, through libxml2's push parser.
public enum AppleHealthReader {
    /// Bytes handed to the parser at a time.
    static let chunkSize = 1 << 20
    /// XML compresses 10–30 times in real exports; deflate's most is about 1,030 (a bomb).
    public static let maxInflationRatio: UInt64 = 100

    /// Reads the export at `path`: whole when its records fit one pass, else counted and planned
    /// in runs of days for `readParts`. Either way the whole file is read and checked here, before
    /// anything is written. `progress` is called about every megabyte; cancellation (of the task,
    /// or `isCancelled`) throws `CancellationError`. Records dated after `latestDay` are left out.
    public static func read(
        path: String, latestDay: LocalDate, isCancelled: @escaping () -> Bool = { Task.isCancelled },
        progress: (AppleHealthProgress) -> Void = { _ in }
    ) throws -> AppleHealthContents {
        let source = try ExportSource(path: path)
        let collector = AppleHealthCollector(latestDay: latestDay)
        try self.pass(source, into: collector, isCancelled: isCancelled) { progress($0) }
        guard case .counting = collector.mode else { return .whole(collector.finish()) }
        guard source.isRegularFile else {
            throw AppleHealthError.tooLarge(
                path, what: "more than one pass can keep, and a pipe cannot be read again; give the export file itself")
        }
        let parts = collector.plannedParts()
        return .inParts(AppleHealthPlan(summary: collector.finish(), parts: parts))
    }

    /// Reads a planned export again, once per run of days, handing each run's records to `each`
    /// (in date order) before the next is read. A run that still holds more than a pass can keep
    /// is split in two; a single day holding more is refused.
    public static func readParts(
        path: String, plan: AppleHealthPlan, latestDay: LocalDate, isCancelled: @escaping () -> Bool = { Task.isCancelled },
        progress: (AppleHealthProgress) -> Void = { _ in }, each: (AppleHealthData) throws -> Void
    ) throws {
        let source = try ExportSource(path: path)
        var queue = plan.parts[...]
        var weightBefore: Double?
        var done = 0
        while let days = queue.popFirst() {
            if isCancelled() { throw CancellationError() }
            let collector = AppleHealthCollector(latestDay: latestDay, part: days, weightBefore: weightBefore)
            let passes = 1 + done + 1 + queue.count
            do {
                try pass(source, into: collector, isCancelled: isCancelled) {
                    var p = $0
                    p.pass = 2 + done
                    p.passes = passes
                    p.records = plan.summary.recordCount
                    progress(p)
                }
            } catch is PartOverflow {
                guard days.lowerBound < days.upperBound else {
                    throw AppleHealthError.dayTooLarge(path, day: days.lowerBound, written: false)
                }
                let middle = days.lowerBound.adding(days: days.lowerBound.days(until: days.upperBound) / 2)
                queue.insert(contentsOf: [days.lowerBound...middle, middle.adding(days: 1)...days.upperBound], at: queue.startIndex)
                continue
            }
            let data = collector.finish()
            weightBefore = data.lastWeightKg
            done += 1
            try each(data)
        }
    }

    /// A part held more than one pass keeps: the reader splits it.
    struct PartOverflow: Error {}

    /// The file an export is read from, found once: the folder's export, a zip or XML file, a FIFO.
    struct ExportSource {
        let path: String
        let file: String
        let isRegularFile: Bool
        let size: Int64

        init(path: String) throws {
            var info = stat()
            guard stat(path, &info) == 0 else {
                if errno == ENOENT || errno == ENOTDIR { throw AppleHealthError.missing(path) }
                throw AppleHealthError.unreadable(path, reason: String(cString: strerror(errno)))
            }
            var file = path
            var kind = info.st_mode & S_IFMT
            if kind == S_IFDIR {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                guard let name = exportFileName(among: names) else { throw AppleHealthError.folderWithoutExport(path) }
                file = (path as NSString).appendingPathComponent(name)
                guard stat(file, &info) == 0 else { throw AppleHealthError.folderWithoutExport(path) }
                kind = info.st_mode & S_IFMT
            }
            guard kind == S_IFREG || kind == S_IFIFO else { throw AppleHealthError.notAFile(path) }
            self.path = path
            self.file = file
            isRegularFile = kind == S_IFREG
            size = Int64(info.st_size)
        }
    }

    /// One pass over the export: its XML streamed into `collector`, checked to the end.
    static func pass(
        _ source: ExportSource, into collector: AppleHealthCollector, isCancelled: @escaping () -> Bool,
        progress: (AppleHealthProgress) -> Void
    ) throws {
        let path = source.path
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
                throw AppleHealthError.notAnExport(path, root: rootText(collector.rootName))
            }
            if collector.overLimit { throw PartOverflow() }
            done += Int64(data.count)
            if done - lastReport >= Int64(chunkSize) {
                lastReport = done
                progress(AppleHealthProgress(bytes: done, totalBytes: total, records: collector.recordCount))
            }
        }

        let input: InputFile
        do { input = try InputFile(path: source.file) } catch {
            switch error {
            case .fifoWithoutWriter: throw AppleHealthError.fifoWithoutWriter(path)
            case .device: throw AppleHealthError.notAFile(path)
            case .missing, .folder: throw AppleHealthError.missing(path)
            case .unreadable(let reason): throw AppleHealthError.unreadable(path, reason: reason)
            case .tooLarge: throw AppleHealthError.unreadable(path, reason: error.message(path))
            }
        }
        // The first bytes tell a zip from XML; read into a buffer that is then parsed, so a pipe loses nothing.
        func next() throws -> Data {
            do { return try input.read(upTo: chunkSize) } catch {
                guard case .unreadable(let reason) = error else { throw AppleHealthError.unreadable(path, reason: error.message(path)) }
                throw AppleHealthError.unreadable(path, reason: reason)
            }
        }
        let head = try next()
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            input.close()
            guard source.isRegularFile else { throw AppleHealthError.zipThroughPipe(path) }
            try readZip(file: source.file, path: path) { try take($0, total: $1) }
        } else {
            defer { input.close() }
            let total = source.isRegularFile ? source.size : 0
            var data = head
            while !data.isEmpty {
                try take(data, total: total)
                data = try next()
            }
        }
        do {
            try parser.finish()
        } catch let error as XMLStreamError {
            throw AppleHealthError.xml(path, error)
        }
        guard collector.sawRoot, collector.rootName == "HealthData" else {
            throw AppleHealthError.notAnExport(path, root: rootText(collector.rootName))
        }
        if collector.overLimit { throw PartOverflow() }
        progress(AppleHealthProgress(bytes: done, totalBytes: done, records: collector.recordCount))
    }

    static func rootText(_ name: String?) -> String {
        TerminalText.printable(AppleHealthValues.echoable(String((name ?? "").prefix(200))))
    }

    /// Streams the export entry of the zip at `file` into `take`, refusing a bomb before and while
    /// it inflates, and a damaged entry (CRC-32) after — before anything is written.
    static func readZip(file: String, path: String, take: (Data, Int64) throws -> Void) throws {
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: file), accessMode: .read)
        } catch {
            throw AppleHealthError.damagedZip(path, reason: "its directory cannot be read")
        }
        guard let entry = exportEntry(in: archive) else { throw AppleHealthError.noExportInZip(path) }
        let compressed = max(entry.compressedSize, 1)
        let declared = entry.uncompressedSize
        guard declared / compressed <= maxInflationRatio else { throw AppleHealthError.inflatesTooMuch(path) }
        // A header may lie about the size: the cap also holds on what actually comes out.
        let cap = max(compressed.multipliedReportingOverflow(by: maxInflationRatio).partialValue, UInt64(chunkSize))
        let total = Int64(clamping: declared)
        var inflated: UInt64 = 0
        let checksum: CRC32
        do {
            checksum = try archive.extract(entry, bufferSize: chunkSize, skipCRC32: false) { data in
                inflated += UInt64(data.count)
                guard inflated <= cap else { throw AppleHealthError.inflatesTooMuch(path) }
                guard inflated <= declared else {
                    throw AppleHealthError.damagedZip(path, reason: "the entry inflates past its stated size")
                }
                try take(data, total)
            }
        } catch let error as AppleHealthError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            throw AppleHealthError.damagedZip(path, reason: "the entry cannot be inflated")
        }
        guard inflated == declared else { throw AppleHealthError.damagedZip(path, reason: "the entry is shorter than its stated size") }
        guard checksum == entry.checksum else {
            throw AppleHealthError.damagedZip(
                path,
                reason: "CRC-32 " + String(format: "%08x", checksum)
                    + " where the zip says " + String(format: "%08x", entry.checksum))
        }
    }

    /// The export's XML among a folder's (or the zip folder's) file names: `export.xml`, or in
    /// other languages another name (`Export.xml`, `exportar.xml`, `экспорт.xml`) — any XML but
    /// the clinical `export_cda.xml`. One rule for the zip and the unzipped folder.
    static func exportFileName(among names: [String]) -> String? {
        if names.contains("export.xml") { return "export.xml" }
        return names.sorted().first { name in
            name.lowercased().hasSuffix(".xml") && !name.lowercased().contains("cda") && !name.hasPrefix(".")
        }
    }

    static func exportEntry(in archive: Archive) -> Entry? {
        let folder = "apple_health_export/"
        var files: [String: Entry] = [:]
        for entry in archive where entry.type == .file && entry.path.hasPrefix(folder) {
            let name = String(entry.path.dropFirst(folder.count))
            if !name.isEmpty, !name.contains("/") { files[name] = entry }
        }
        return exportFileName(among: Array(files.keys)).flatMap { files[$0] }
    }
}
