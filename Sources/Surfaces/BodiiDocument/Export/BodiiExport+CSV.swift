import BodiiDomain
import BodiiImport
import BodiiStore
import Foundation
import ZIPFoundation

extension BodiiExport {
    // MARK: - CSV

    /// One CSV per kind (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or
    /// line break), a header row, the JSON document's keys as columns. Made a record at a time
    /// from the store and written as it comes into a file with no name in the temporary folder
    /// (PRODUCT.md §9: memory stays flat; nothing is left there if the export is stopped).
    static func csvFiles(
        from r: SQLiteRepositories, range: DateRange, shownRange: DateRange?,
        exportedAt: Date, in folder: String = FileManager.default.temporaryDirectory.path
    ) throws -> [CSVFile] {
        var files: [CSVFile] = []
        try eachPart(from: r, range: range, shownRange: shownRange, exportedAt: exportedAt) { key, part in
            var file = try CSVFileWriter(kind: key, in: folder)
            switch part {
            case .value(let value):
                guard let fields = value.fields else { return }  // format, version: no file
                try file.add(fields)
            case .list(let forEach):
                try forEach { record in if let fields = record.fields { try file.add(fields) } }
            }
            files.append(try file.finished())
        }
        return files
    }

    /// The columns of every kind, read off a document with one placeholder record of each (so
    /// they cannot drift from what `json` writes): the header of a CSV with no rows.
    package static let columns: [String: [String]] = {
        let day = Validation.earliestDate, week = ReviewPeriod(.week, startingOn: Validation.earliestDate)
        var d = Document()
        d.goals = [Goal(type: .maintain, weeklyRateKg: 0, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil, createdOn: day)]
        d.customFoods = [Food(id: FoodID("x"), name: "x", source: "custom", per100g: Nutrients(kcal: 0, proteinG: 0, carbsG: 0, fatG: 0))]
        d.recipes = [
            LibraryRecipe(
                food: d.customFoods[0], servings: 1, ingredients: [], createdAt: Date(timeIntervalSince1970: 0), provenance: .bodii)
        ]
        d.savedMeals = [LibrarySavedMeal(name: "x", items: [], createdAt: Date(timeIntervalSince1970: 0), provenance: .bodii)]
        d.favourites = [LibraryFavourite(foodID: FoodID("x"), addedAt: Date(timeIntervalSince1970: 0))]
        d.nutrientPreferences = [NutrientPreference(key: .fiberG)]
        for kind in recordKinds { kind.addPlaceholder(&d) }
        d.reviewItems = [ReviewItem(period: week, kind: .keep, text: "x")]
        d.actions = [ReviewAction(period: week, text: "x", createdOn: day)]
        var columns: [String: [String]] = [:]
        for (name, value) in json(d, exportedAt: Date(timeIntervalSince1970: 0), range: nil).fields ?? [] {
            if let first = value.items?.first?.fields { columns[name] = first.map(\.0) }
        }
        return columns
    }()

    static func csvField(_ s: String) -> String {
        let special: Set<Character> = [",", "\"", "\n", "\r"]
        guard s.contains(where: { special.contains($0) }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The document to `output` (the destination side: PRODUCT.md §9 "Output paths").
    /// The streamed document into an output path (its rules: PRODUCT.md §9 "Output paths").
    package static func writeJSON(to output: OutputPath, _ export: (BufferedExportSink) throws -> Void) throws {
        try output.writeFile { file in
            let sink = BufferedExportSink { try file.write($0) }
            try export(sink)
            try sink.flush()
        }
    }

    /// Every kind's CSV (`csvFiles`) into `output` (`writeCSV`); a temporary file that cannot be
    /// written (a full disk) fails as the output does. `between` runs after the files are made.
    @discardableResult
    package static func exportCSV(
        from r: SQLiteRepositories, range: DateRange, shownRange: DateRange?, exportedAt: Date, to output: OutputPath,
        between: () throws -> Void = {}
    ) throws -> Int {
        let files: [CSVFile]
        do { files = try csvFiles(from: r, range: range, shownRange: shownRange, exportedAt: exportedAt) } catch let f as UnnamedFile.Failure {
            throw OutputPath.failure(output.path, f.code)
        }
        try between()
        try writeCSV(files, to: output)
        return files.count
    }

    /// The CSV files into a folder, or a zip when the path ends in ".zip" — made entry by entry
    /// in a file with no name, then written as one file, so a failure leaves the previous zip as it was.
    static func writeCSV(_ files: [CSVFile], to output: OutputPath) throws {
        guard output.path.lowercased().hasSuffix(".zip") else {
            try output.writeFolder(files)
            return
        }
        let zip: UnnamedFile
        do {
            zip = try UnnamedFile(in: FileManager.default.temporaryDirectory.path)
            // An empty zip (its end-of-directory record alone), which ZIPFoundation then updates.
            try zip.write(Data([0x50, 0x4B, 0x05, 0x06]) + Data(count: 18))
            let archive = try Archive(url: URL(fileURLWithPath: zip.reopenablePath), accessMode: .update)
            for csv in files {
                try archive.addEntry(with: csv.name, type: .file, uncompressedSize: csv.file.size, compressionMethod: .deflate) {
                    (position: Int64, size: Int) -> Data in try csv.file.read(at: position, count: size)
                }
            }
        } catch let f as UnnamedFile.Failure {
            throw OutputPath.failure(output.path, f.code)
        } catch let e as POSIXError {
            throw OutputPath.failure(output.path, e.code.rawValue)
        } catch {
            throw OutputPath.ioFailure(output.path, "the zip could not be made in the temporary folder (\(error.localizedDescription))")
        }
        try output.writeFile { sink in try zip.eachPiece { try sink.write($0) } }
    }
}

/// One kind's CSV, written: its file name and its bytes in a file with no name.
package struct CSVFile {
    package let name: String
    package let file: UnnamedFile
}

/// One CSV file as its records arrive: the header from the first record's keys (or the kind's
/// columns when it has none), then a row per record, into a file with no name 64 KB at a time.
struct CSVFileWriter {
    package let kind: String
    private var header: [String]?
    private let file: UnnamedFile
    private var pending = Data()

    package init(kind: String, in folder: String) throws {
        self.kind = kind
        file = try UnnamedFile(in: folder)
    }

    package mutating func add(_ fields: [(String, JSONValue)]) throws {
        if header == nil { try start(fields.map(\.0)) }
        try append(fields.map { $0.1.cellText })
    }

    package mutating func finished() throws -> CSVFile {
        // A kind with no records still gets its header row.
        if header == nil { try start(BodiiExport.columns[kind] ?? []) }
        try file.write(pending)
        pending = Data()
        return CSVFile(name: kind + ".csv", file: file)
    }

    private mutating func start(_ columns: [String]) throws {
        header = columns
        try append(columns)
    }

    private mutating func append(_ cells: [String]) throws {
        pending.append(contentsOf: (cells.map(BodiiExport.csvField).joined(separator: ",") + "\r\n").utf8)
        if pending.count >= 1 << 16 {
            try file.write(pending)
            pending.removeAll(keepingCapacity: true)
        }
    }
}
