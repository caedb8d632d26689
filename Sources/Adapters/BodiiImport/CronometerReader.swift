import BodiiDomain
import CSV
import Foundation

/// Cronometer's CSV exports (issue 13, item 10), told apart by their header:
/// - servings: `Day,Time,Group,Food Name,Amount,Energy (kcal),…,Protein (g),…,Category` (older
///   exports have no Time or Group, and dates like `2012-9-10`), one row per food logged;
/// - biometrics: `Day,Group,Metric,Unit,Amount`, one row per measurement.
public enum CronometerExportKind: String, Sendable {
    case servings, biometrics
}

/// What a Cronometer export holds that Bodii takes, as domain values, with what was left out and
/// why. Servings become quick-add entries (their energy and macros as logged, no food of the
/// catalog); weights and body fat become body records, without snapshots (those need the profile).
public struct CronometerData: Sendable {
    public static let source = "cronometer"

    public var kind: CronometerExportKind
    public var food: [FoodRecord] = []
    public var body: [BodyRecord] = []
    /// Per kind of record written: the reasons rows were left out, with their counts.
    public var skipped: [MergeCounts.Kind: [String: Int]] = [:]
    /// Data rows read (blank lines aside).
    public var rowCount = 0

    public init(kind: CronometerExportKind) { self.kind = kind }

    mutating func skip(_ kind: MergeCounts.Kind, _ reason: String) {
        skipped[kind, default: [:]][reason, default: 0] += 1
    }
}

public enum CronometerError: Error, Equatable, Sendable, CustomStringConvertible {
    case missing(String)
    case notAnExport(String, header: String)
    /// A value that cannot be read: the whole file is refused, so a file edited by hand or cut
    /// short never half-imports.
    case badValue(String, row: Int, column: String, value: String, allowed: String)
    case notText(String, line: Int)
    /// A file cut short or damaged: a quote that never closes, a row with more or fewer fields
    /// than the header. Named by its line, as an editor numbers them.
    case damaged(String, line: Int, problem: String)
    case unreadable(String, reason: String)
    /// What `InputFile` refused (a folder, a device, a FIFO without a writer, too much): its line and exit code.
    case refused(String, exitCode: Int32)

    public var description: String {
        switch self {
        case .missing(let path): return "no file at \(path)"
        case .notAnExport(let path, let header):
            return "\(path) is not a Cronometer servings or biometrics export (its first row is \(header); expected "
                + "Day,Group,Food Name,Amount,Energy (kcal),… or Day,Group,Metric,Unit,Amount)"
        case .badValue(let path, let row, let column, let value, let allowed):
            return "\(path), row \(row): \(column) \(ValidationError.quoted(value)) is not \(allowed); nothing was imported"
        case .notText(let path, let line): return "\(path), line \(line): not UTF-8 text; nothing was imported"
        case .damaged(let path, let line, let problem):
            return "\(path), line \(line): \(problem), so the file is cut or damaged; nothing was imported"
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .refused(let message, _): return message
        }
    }

    /// 66 for input that is not there, 65 for bad data, 74 for I/O.
    public var exitCode: Int32 {
        switch self {
        case .missing: return 66
        case .notAnExport, .badValue, .notText, .damaged: return 65
        case .unreadable: return 74
        case .refused(_, let code): return code
        }
    }
}

public enum CronometerReader {
    /// The most a servings or biometrics export is read in: a ten-year servings export with every
    /// column (CronometerSample, 29,000 rows) is about 10 MB and the public one of 9,244 rows 3 MB,
    /// so 64 MB holds sixty years of it. It is read whole, so more is refused, not copied.
    public static let largestFile: Int64 = 64_000_000

    /// Reads the export at `path` with yaslab/CSV.swift: RFC 4180 quoting, a UTF-8 BOM, CRLF or
    /// LF. The file is read whole (a ten-year servings export is about 10 MB): CSV.swift 2.5.2's
    /// stream reader reports `cannotReadFile` at the end of every file on Linux, where
    /// `InputStream.hasBytesAvailable` stays true at the end, so its string reader is used.
    /// Times of day are read in `timeZone`, the user's; days after `today` + 1 are left out.
    public static func read(path: String, timeZone: TimeZone, today: LocalDate) throws(CronometerError) -> CronometerData {
        let data: Data
        do { data = try InputFile(path: path).readAll(limit: largestFile) } catch {
            switch error {
            case .missing: throw CronometerError.missing(path)
            case .unreadable(let reason): throw CronometerError.unreadable(path, reason: reason)
            default: throw CronometerError.refused(error.message(path), exitCode: error.exitCode)
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            // The first line that is not UTF-8, for the message.
            let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
            let bad = lines.firstIndex { String(data: Data($0), encoding: .utf8) == nil } ?? 0
            throw CronometerError.notText(path, line: bad + 1)
        }
        return try read(text: text, name: path, timeZone: timeZone, today: today)
    }

    /// Reads CSV text (a file's, or a test's).
    public static func read(text: String, name: String, timeZone: TimeZone, today: LocalDate) throws(CronometerError) -> CronometerData {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        // CSV.swift reads a damaged file without a word (see CSVLines): check its shape first.
        let lines: [Int]
        switch CSVLines.recordStarts(body.utf8) {
        case .success(let starts): lines = starts
        case .failure(.unclosedQuote(let line)): throw .damaged(name, line: line, problem: "a quote opened here never closes")
        case .failure(.quoteInsideField(let line)): throw .damaged(name, line: line, problem: "a quote closes in the middle of a field")
        }
        let reader: CSVReader
        do { reader = try CSVReader(string: body) } catch {
            throw CronometerError.unreadable(name, reason: "\(error)")
        }
        return try read(rows: reader, lines: lines, name: name, timeZone: timeZone, today: today)
    }

    /// `lines[i]`: the line on which the `i`th record of `rows` starts.
    static func read(
        rows: some IteratorProtocol<[String]>, lines: [Int], name: String, timeZone: TimeZone,
        today: LocalDate
    ) throws(CronometerError) -> CronometerData {
        var rows = rows
        var firstRow: [String]?
        var index = 0
        while let row = rows.next() {
            index += 1
            if row != [""] { firstRow = row; break }
        }
        guard let firstRow else { throw CronometerError.notAnExport(name, header: "missing: the file is empty") }
        let header = firstRow.map { $0.trimmingCharacters(in: .whitespaces) }
        let shown = "\"" + TerminalText.printable(String(header.prefix(6).joined(separator: ",").prefix(80))) + "\""
        guard var table = Table(header: header, name: name, timeZone: timeZone, today: today) else {
            throw CronometerError.notAnExport(name, header: shown)
        }
        var number = 1
        while let row = rows.next() {
            number += 1
            index += 1
            if row == [""] { continue }
            // Every row of an export has the header's fields: fewer is a file cut short, more a
            // quote or separator lost.
            guard row.count == header.count else {
                let line = index - 1 < lines.count ? lines[index - 1] : number
                throw .damaged(name, line: line, problem: "\(Plural.count(row.count, "field")) where the header has \(header.count)")
            }
            try table.take(row, number: number)
        }
        return table.finish()
    }
}

/// The rows of one export, turned into records as they come.
struct Table {
    let kind: CronometerExportKind
    let name: String
    let timeZone: TimeZone
    let header: [String]
    /// Column indexes by header name.
    let column: [String: Int]
    var data: CronometerData
    /// How often each content key was seen: the occurrence in an external id, so two identical
    /// servings on a day stay two records and a second import still finds both.
    var seen: [String: Int] = [:]
    /// Biometrics: the day's weights in file order, and its last body fat.
    var weights: [LocalDate: [(kg: Double, at: Date, id: String)]] = [:]
    var fats: [LocalDate: Double] = [:]
    /// The days a row may have (1900 to tomorrow); others are skipped.
    let days: ClosedRange<LocalDate>

    init?(header: [String], name: String, timeZone: TimeZone, today: LocalDate) {
        var column: [String: Int] = [:]
        for (i, title) in header.enumerated() {
            let title = title.replacingOccurrences(of: "\u{3BC}", with: "\u{B5}")  // μg (Greek mu) is µg
            if column[title] == nil { column[title] = i }
        }
        if column["Day"] != nil, column["Food Name"] != nil, column["Energy (kcal)"] != nil || column["Energy (kJ)"] != nil {
            kind = .servings
        } else if column["Day"] != nil, column["Metric"] != nil, column["Unit"] != nil, column["Amount"] != nil {
            kind = .biometrics
        } else {
            return nil
        }
        self.header = header
        self.column = column
        self.name = name
        self.timeZone = timeZone
        days = Validation.importedDates(today: today)
        data = CronometerData(kind: kind)
    }

    /// The limits of a serving's values follow what was eaten (issue 48 item 8): no macro or
    /// nutrient weighs more than the serving — its grams when the amount is in g (a 1,340 g bowl
    /// holds up to 1,340 g of water), else what one entry may weigh anywhere in Bodii
    /// (`FoodLogging.gramsRange`, 5 kg: 4.5 cups of tea are about 1,070 g). Energy from 0 (water,
    /// black coffee, supplements) to what one quick add may hold; an amount, in whatever unit the
    /// row names, at most what a pantry holds.
    static let energyKcal: ClosedRange<Double> = 0...QuickAdd.kcalRange.upperBound
    static let entryGrams = FoodLogging.gramsRange.upperBound
    /// A serving's mass in grams when its amount says it ("1340.00 g", "250 ml" of a drink), else nil.
    static func servingGrams(_ portion: String) -> Double? {
        guard let amount = leadingNumber(portion) else { return nil }
        let unit = portion.drop { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "-" }.trimmingCharacters(in: .whitespaces).lowercased()
        return ["g", "gram", "grams", "ml"].contains(unit) ? amount : nil
    }
    /// A nutrient of a serving of at most `grams`, in the column's unit (rounding in the export allowed for).
    static func range(of key: NutrientKey, _ divisor: Double, grams: Double) -> ClosedRange<Double> {
        0...((grams * 1.01 + 1) * key.unitsPerGram * divisor)
    }
    static let amount: ClosedRange<Double> = 0...PantryUnits.amountRange.upperBound
    /// Characters of a food name with its portion: longer is not a name a person logged.
    static let labelLength = 200
    static let emptyRow = "empty (amount 0 and 0 kcal)"

    mutating func take(_ row: [String], number: Int) throws(CronometerError) {
        data.rowCount += 1
        func cell(_ title: String) -> String {
            guard let i = column[title], i < row.count else { return "" }
            return row[i].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func bad(_ title: String, _ allowed: String) -> CronometerError {
            .badValue(name, row: number, column: title, value: String(cell(title).prefix(40)), allowed: allowed)
        }
        guard let day = Self.day(cell("Day")) else { throw bad("Day", "a date (YYYY-MM-DD)") }
        let time = Self.clock(cell("Time"))
        /// An empty cell is nil (Cronometer leaves the nutrients it does not know empty); anything
        /// else must read as a number, or the file is refused. Its range is checked by the caller:
        /// a number out of range skips the row.
        func amount(_ title: String) throws(CronometerError) -> Double? {
            let text = cell(title)
            if text.isEmpty { return nil }
            guard let value = Self.number(text) else { throw bad(title, "a plain decimal number like 12.5") }
            return value
        }
        switch kind {
        case .servings:
            let energyTitle = column["Energy (kcal)"] != nil ? "Energy (kcal)" : "Energy (kJ)"
            let energy = try amount(energyTitle)
            let kcal = energyTitle == "Energy (kcal)" ? energy : energy.map { $0 / 4.184 }
            let protein = try amount("Protein (g)"), carbs = try amount("Carbs (g)"), fat = try amount("Fat (g)")
            var nutrients: [NutrientKey: Double] = [:]
            for (title, key, divisor) in CronometerNutrients.columns where column[title] != nil {
                if let value = try amount(title) { nutrients[key] = value / divisor }
            }
            // Older exports give vitamin A in IU (and maybe its parts): converted to µg RAE where that is honest.
            var vitaminAParts: [String: Double] = [:]
            for title in CronometerNutrients.vitaminAParts where column[title] != nil {
                if let value = try amount(title) { vitaminAParts[title] = value }
            }
            if nutrients[.vitaminAUg] == nil, vitaminAParts.values.allSatisfy({ $0 >= 0 }) {
                nutrients[.vitaminAUg] = CronometerNutrients.vitaminA(vitaminAParts)
            }
            // A line break or tab in a quoted name (a recipe's) reads as a space in a one-line list.
            let food = cell("Food Name").split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
            guard !food.isEmpty else { return data.skip(.food, "without a food name") }
            let group = cell("Group"), portion = cell("Amount")
            let portionAmount = Self.leadingNumber(portion)
            // Cronometer exports a food logged with no amount as a row of zeros: nothing was eaten.
            if portionAmount == 0, (kcal ?? 0) == 0 { return data.skip(.food, Self.emptyRow) }
            // Supplements and teas come without energy or macros: 0 kcal entries carrying their nutrients and water.
            guard kcal != nil || protein != nil || carbs != nil || fat != nil || nutrients.values.contains(where: { $0 != 0 }) else {
                return data.skip(.food, "without energy, macros or nutrients")
            }
            guard days.contains(day) else { return data.skip(.food, outsideDays) }
            // Every value as typed input is checked (finite, in its range), so no later read traps.
            let servingGrams = Self.servingGrams(portion)
            let grams = servingGrams ?? Self.entryGrams
            let massRange = Self.range(of: .fiberG, 1, grams: grams)  // any key in g
            let checks: [(String, Double?, ClosedRange<Double>)] =
                [
                    (energyTitle, kcal, Self.energyKcal), ("Protein (g)", protein, massRange), ("Carbs (g)", carbs, massRange),
                    ("Fat (g)", fat, massRange), ("Amount", portionAmount, Self.amount),
                ]
                + CronometerNutrients.columns.map { title, key, divisor in
                    (title, nutrients[key].map { $0 * divisor }, Self.range(of: key, divisor, grams: grams))
                }
                // An IU is at most 0.3 µg RAE and a µg of a carotenoid at most 1/12: 24 × the µg bound holds them all.
                + CronometerNutrients.vitaminAParts.map { ($0, vitaminAParts[$0], Self.range(of: .vitaminAUg, 24, grams: grams)) }
            for (title, value, range) in checks {
                guard let value, !range.contains(value) else { continue }
                if value < 0 { return data.skip(.food, "\(title) below 0") }
                if title != energyTitle, title != "Amount" {
                    let mass = servingGrams == nil ? "one entry may weigh (\(DecimalText.format(grams)) g)" : "the serving weighs"
                    return data.skip(.food, "\(title) more than \(mass)")
                }
                let shown = title == "Energy (kJ)" ? (range.lowerBound * 4.184)...(range.upperBound * 4.184) : range
                return data.skip(.food, "\(title) outside \(Self.rangeText(shown))")
            }
            let label = portion.isEmpty ? food : "\(food) · \(portion)"
            guard !label.unicodeScalars.contains(where: TerminalText.isUnsafe) else {
                return data.skip(.food, "name with control characters")
            }
            guard label.count <= Self.labelLength else { return data.skip(.food, "name longer than \(Self.labelLength) characters") }
            let meal = Self.meal(group: group, hour: time.map { $0 / 60 })
            let key = [day.iso, group, food, portion].joined(separator: "\u{1F}")
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            let id = "servings/\(day.iso)/\(Self.fingerprint(key))/\(occurrence)"
            let minute = time ?? Self.typicalMinute(meal)
            data.food.append(
                FoodRecord(
                    date: day, meal: meal, foodId: QuickAdd.foodID, foodName: label, grams: 1,
                    kcal: Self.rounded(kcal ?? 0), proteinG: Self.rounded(protein ?? 0), carbsG: Self.rounded(carbs ?? 0),
                    fatG: Self.rounded(fat ?? 0), nutrients: nutrients.mapValues(Self.rounded),
                    loggedAt: Self.instant(day, minute: minute, timeZone: timeZone),
                    provenance: Provenance(source: CronometerData.source, externalId: id)))
        case .biometrics:
            let metric = Self.metricName(cell("Metric")), unit = cell("Unit").lowercased()
            let shownUnit = TerminalText.printable(String(unit.prefix(20)))
            guard metric == "weight" || metric == "body fat" else {
                let shown = TerminalText.printable(String(cell("Metric").prefix(40)))
                return data.skip(.body, "\(shown.isEmpty ? "without a metric" : shown): not a measurement Bodii keeps")
            }
            guard let value = try amount("Amount") else { return data.skip(.body, "\(metric) without an amount") }
            guard days.contains(day) else { return data.skip(.body, outsideDays) }
            if metric == "body fat" {
                guard unit == "%" else { return data.skip(.body, "body fat in \(shownUnit), not %") }
                guard Validation.bodyFatRangePercent.contains(value) else { return data.skip(.body, "body fat outside 2–75 %") }
                fats[day] = value
                return
            }
            let kg: Double
            switch unit {
            case "kg": kg = value
            case "lbs", "lb": kg = value * Units.kgPerPound
            default: return data.skip(.body, "weight in \(shownUnit), not kg or lbs")
            }
            guard Validation.weightRangeKg.contains(kg) else { return data.skip(.body, "weight outside 20–400 kg") }
            let key = [day.iso, cell("Metric"), cell("Amount"), unit].joined(separator: "\u{1F}")
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            weights[day, default: []].append(
                (
                    kg: (kg * 1000).rounded() / 1000,
                    at: Self.instant(day, minute: time ?? 7 * 60, timeZone: timeZone),
                    id: "biometrics/\(day.iso)/\(Self.fingerprint(key))/\(occurrence)"
                ))
        }
    }

    /// The skip reason of a row dated outside `days`.
    var outsideDays: String { "dated outside \(days.lowerBound.iso)–\(days.upperBound.iso)" }

    /// The body records: the day's body fat goes with its first weight; body fat on a day
    /// without a weight is a body-fat-only record (a scale that measured no weight that day).
    mutating func finish() -> CronometerData {
        for day in weights.keys.sorted() {
            for (i, w) in (weights[day] ?? []).enumerated() {
                data.body.append(
                    BodyRecord(
                        date: day, weightKg: w.kg, bodyFatPercent: i == 0 ? fats[day] : nil, recordedAt: w.at,
                        provenance: Provenance(source: CronometerData.source, externalId: w.id)))
            }
        }
        for day in fats.keys.sorted() where weights[day] == nil {
            data.body.append(
                BodyRecord(
                    date: day, weightKg: nil, bodyFatPercent: fats[day],
                    recordedAt: Self.instant(day, minute: 7 * 60, timeZone: timeZone),
                    provenance: Provenance(source: CronometerData.source, externalId: "biometrics/\(day.iso)/body-fat")))
        }
        return data
    }
}
