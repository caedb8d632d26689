import BodiiDomain
import BodiiStore
import Foundation
import ZIPFoundation

extension BodiiExport {
    // MARK: - CSV

    /// One CSV per kind (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or
    /// line break), a header row, the JSON document's keys as columns. Made a record at a time
    /// from the store, so only the CSV text is ever held (PRODUCT.md §9: memory stays flat).
    static func csvFiles(
        from r: SQLiteRepositories, range: DateRange, shownRange: DateRange?,
        exportedAt: Date
    ) throws -> [(name: String, bytes: Data)] {
        var files: [(name: String, bytes: Data)] = []
        try eachPart(from: r, range: range, shownRange: shownRange, exportedAt: exportedAt) { key, part in
            var file = CSVFileWriter(kind: key)
            switch part {
            case .value(let value):
                guard let fields = value.fields else { return }  // format, version: no file
                file.add(fields)
            case .list(let forEach):
                try forEach { record in if let fields = record.fields { file.add(fields) } }
            }
            files.append(file.finished())
        }
        return files
    }

    /// The columns of every kind, read off a document with one placeholder record of each (so
    /// they cannot drift from what `json` writes): the header of a CSV with no rows.
    static let columns: [String: [String]] = {
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
        d.body = [(BodyRecord(date: day, weightKg: 1), nil)]
        d.food = [
            FoodRecord(date: day, meal: .lunch, foodId: FoodID("x"), foodName: "x", grams: 1, kcal: 0, proteinG: 0, carbsG: 0, fatG: 0)
        ]
        d.exercise = [ExerciseRecord(date: day, activity: "x", minutes: 1, intensity: .low, met: 1, kcal: 0)]
        d.sleep = [SleepRecord(date: day, minutes: 1, status: .good)]
        d.checkIns = [CheckIn(date: day)]
        d.activity = [ActivitySnapshot(date: day, steps: nil, activeKcal: nil)]
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
    static func writeJSON(to output: OutputPath, _ export: (BufferedExportSink) throws -> Void) throws {
        try output.writeFile { file in
            let sink = BufferedExportSink { try file.write($0) }
            try export(sink)
            try sink.flush()
        }
    }

    /// The CSV files into a folder, or a zip when the path ends in ".zip" (built in memory,
    /// then written as one file, so a failure leaves the previous zip as it was).
    static func writeCSV(_ files: [(name: String, bytes: Data)], to output: OutputPath) throws {
        guard output.path.lowercased().hasSuffix(".zip") else {
            try output.writeFolder(files)
            return
        }
        let zip: Data
        do {
            let archive = try Archive(data: Data(), accessMode: .create)
            for (name, data) in files {
                try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) {
                    (position: Int64, size: Int) -> Data in data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            guard let made = archive.data else { throw OutputPath.ioFailure(output.path, "the zip could not be made in memory") }
            zip = made
        } catch let failure as OutputPath.Failure {
            throw failure
        } catch {
            throw OutputPath.ioFailure(output.path, "the zip could not be made in memory")
        }
        try output.writeFile { sink in try sink.write(zip) }
    }
}

/// One CSV file as its records arrive: the header from the first record's keys (or the kind's
/// columns when it has none), then a row per record.
struct CSVFileWriter {
    let kind: String
    private var header: [String]?
    private var text = Data()

    init(kind: String) { self.kind = kind }

    mutating func add(_ fields: [(String, JSONValue)]) {
        if header == nil { start(fields.map(\.0)) }
        append(fields.map { $0.1.cellText })
    }

    mutating func finished() -> (name: String, bytes: Data) {
        // A kind with no records still gets its header row.
        if header == nil { start(BodiiExport.columns[kind] ?? []) }
        return (name: kind + ".csv", bytes: text)
    }

    private mutating func start(_ columns: [String]) {
        header = columns
        append(columns)
    }

    private mutating func append(_ cells: [String]) {
        text.append(contentsOf: (cells.map(BodiiExport.csvField).joined(separator: ",") + "\r\n").utf8)
    }
}
