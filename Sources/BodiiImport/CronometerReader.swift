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
    case unreadable(String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path): return "no file at \(path)"
        case .notAnExport(let path, let header):
            return "\(path) is not a Cronometer servings or biometrics export (its first row is \(header); expected "
                + "Day,Group,Food Name,Amount,Energy (kcal),… or Day,Group,Metric,Unit,Amount)"
        case .badValue(let path, let row, let column, let value, let allowed):
            return "\(path), row \(row): \(column) \(ValidationError.quoted(value)) is not \(allowed); nothing was imported"
        case .notText(let path, let line): return "\(path), line \(line): not UTF-8 text; nothing was imported"
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        }
    }

    /// 66 for input that is not there, 65 for bad data, 74 for I/O.
    public var exitCode: Int32 {
        switch self {
        case .missing: return 66
        case .notAnExport, .badValue, .notText: return 65
        case .unreadable: return 74
        }
    }
}

public enum CronometerReader {
    /// Reads the export at `path` with yaslab/CSV.swift: RFC 4180 quoting, a UTF-8 BOM, CRLF or
    /// LF. The file is read whole (a ten-year servings export is about 10 MB): CSV.swift 2.5.2's
    /// stream reader reports `cannotReadFile` at the end of every file on Linux, where
    /// `InputStream.hasBytesAvailable` stays true at the end, so its string reader is used.
    /// Times of day are read in `timeZone`, the user's.
    public static func read(path: String, timeZone: TimeZone) throws(CronometerError) -> CronometerData {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw CronometerError.missing(path)
        }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw CronometerError.unreadable(path, reason: error.localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            // The first line that is not UTF-8, for the message.
            let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
            let bad = lines.firstIndex { String(data: Data($0), encoding: .utf8) == nil } ?? 0
            throw CronometerError.notText(path, line: bad + 1)
        }
        return try read(text: text, name: path, timeZone: timeZone)
    }

    /// Reads CSV text (a file's, or a test's).
    public static func read(text: String, name: String, timeZone: TimeZone) throws(CronometerError) -> CronometerData {
        let reader: CSVReader
        do { reader = try CSVReader(string: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text) } catch {
            throw CronometerError.unreadable(name, reason: "\(error)")
        }
        return try read(rows: reader, name: name, timeZone: timeZone)
    }

    static func read(rows: some IteratorProtocol<[String]>, name: String, timeZone: TimeZone) throws(CronometerError) -> CronometerData {
        var rows = rows
        var firstRow: [String]?
        while let row = rows.next() {
            if row != [""] { firstRow = row; break }
        }
        guard let firstRow else { throw CronometerError.notAnExport(name, header: "missing: the file is empty") }
        let header = firstRow.map { $0.trimmingCharacters(in: .whitespaces) }
        let shown = "\"" + TerminalText.printable(String(header.prefix(6).joined(separator: ",").prefix(80))) + "\""
        guard var table = Table(header: header, name: name, timeZone: timeZone) else {
            throw CronometerError.notAnExport(name, header: shown)
        }
        var number = 1
        while let row = rows.next() {
            number += 1
            if row == [""] { continue }
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

    init?(header: [String], name: String, timeZone: TimeZone) {
        var column: [String: Int] = [:]
        for (i, title) in header.enumerated() where column[title] == nil { column[title] = i }
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
        data = CronometerData(kind: kind)
    }

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
        /// An empty cell is 0 (Cronometer leaves the nutrients it does not know empty); anything
        /// else must be a number of at least 0.
        func amount(_ title: String) throws(CronometerError) -> Double? {
            let text = cell(title)
            if text.isEmpty { return nil }
            guard let value = Self.number(text), value >= 0 else { throw bad(title, "a number of 0 or more") }
            return value
        }
        switch kind {
        case .servings:
            var kcal = try amount("Energy (kcal)")
            if column["Energy (kcal)"] == nil { kcal = try amount("Energy (kJ)").map { $0 / 4.184 } }
            let protein = try amount("Protein (g)"), carbs = try amount("Carbs (g)"), fat = try amount("Fat (g)")
            let fiber = try amount("Fiber (g)"), sugars = try amount("Sugars (g)"), saturated = try amount("Saturated (g)")
            let sodium = try amount("Sodium (mg)")
            // A line break in a quoted name (a recipe's) reads as a space in a one-line list.
            let food = cell("Food Name").split(whereSeparator: \.isNewline).joined(separator: " ")
            guard !food.isEmpty else { return data.skip(.food, "without a food name") }
            guard kcal != nil || protein != nil || carbs != nil || fat != nil else { return data.skip(.food, "without energy or macros") }
            let group = cell("Group"), portion = cell("Amount")
            let meal = Self.meal(group: group, hour: time.map { $0 / 60 })
            let key = [day.iso, group, food, portion].joined(separator: "\u{1F}")
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            let id = "servings/\(day.iso)/\(Self.fingerprint(key))/\(occurrence)"
            let minute = time ?? Self.typicalMinute(meal)
            let label = portion.isEmpty ? food : "\(food) · \(portion)"
            data.food.append(FoodRecord(date: day, meal: meal, foodId: QuickAdd.foodID, foodName: String(label.prefix(200)), grams: 1,
                                        kcal: Self.rounded(kcal ?? 0), proteinG: Self.rounded(protein ?? 0), carbsG: Self.rounded(carbs ?? 0),
                                        fatG: Self.rounded(fat ?? 0), fiberG: fiber.map(Self.rounded), sugarsG: sugars.map(Self.rounded),
                                        saturatedFatG: saturated.map(Self.rounded), sodiumMg: sodium.map(Self.rounded),
                                        loggedAt: Self.instant(day, minute: minute, timeZone: timeZone),
                                        provenance: Provenance(source: CronometerData.source, externalId: id)))
        case .biometrics:
            let metric = Self.metricName(cell("Metric")), unit = cell("Unit").lowercased()
            guard metric == "weight" || metric == "body fat" else {
                let shown = TerminalText.printable(String(cell("Metric").prefix(40)))
                return data.skip(.body, "\(shown.isEmpty ? "without a metric" : shown): not a measurement Bodii keeps")
            }
            guard let value = try amount("Amount") else { return data.skip(.body, "\(metric) without an amount") }
            if metric == "body fat" {
                guard unit == "%" else { return data.skip(.body, "body fat in \(TerminalText.printable(unit)), not %") }
                guard Validation.bodyFatRangePercent.contains(value) else { return data.skip(.body, "body fat outside 2–75 %") }
                fats[day] = value
                return
            }
            let kg: Double
            switch unit {
            case "kg": kg = value
            case "lbs", "lb": kg = value * Units.kgPerPound
            default: return data.skip(.body, "weight in \(TerminalText.printable(unit)), not kg or lbs")
            }
            guard Validation.weightRangeKg.contains(kg) else { return data.skip(.body, "weight outside 20–400 kg") }
            let key = [day.iso, cell("Metric"), cell("Amount"), unit].joined(separator: "\u{1F}")
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            weights[day, default: []].append((kg: (kg * 1000).rounded() / 1000,
                                               at: Self.instant(day, minute: time ?? 7 * 60, timeZone: timeZone),
                                               id: "biometrics/\(day.iso)/\(Self.fingerprint(key))/\(occurrence)"))
        }
    }

    /// The body records: the day's body fat goes with its first weight; body fat on a day
    /// without a weight is left out (a body record needs a weight).
    mutating func finish() -> CronometerData {
        for day in weights.keys.sorted() {
            for (i, w) in (weights[day] ?? []).enumerated() {
                data.body.append(BodyRecord(date: day, weightKg: w.kg, bodyFatPercent: i == 0 ? fats[day] : nil, recordedAt: w.at,
                                            provenance: Provenance(source: CronometerData.source, externalId: w.id)))
            }
        }
        for day in fats.keys where weights[day] == nil { data.skip(.body, "body fat on a day without a weight") }
        return data
    }

    // MARK: - Values

    /// `2026-03-13`, or the unpadded `2012-9-10` of older exports.
    static func day(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        return LocalDate(year: y, month: m, day: d)
    }

    /// Minutes after midnight of `08:00`, `8:00 AM` or `11:05 PM`; nil when empty or unreadable
    /// (the time only orders a day's entries and picks the meal of an uncategorised one).
    static func clock(_ text: String) -> Int? {
        var t = text.uppercased()
        var shift: Int?
        if t.hasSuffix("AM") || t.hasSuffix("PM") {
            shift = t.hasSuffix("PM") ? 12 : 0
            t = String(t.dropLast(2)).trimmingCharacters(in: .whitespaces)
        }
        let parts = t.split(separator: ":")
        guard parts.count == 2 || parts.count == 3, let h = Int(parts[0]), let m = Int(parts[1]), (0..<60).contains(m) else { return nil }
        if let shift {
            guard (1...12).contains(h) else { return nil }
            return ((h % 12) + shift) * 60 + m
        }
        guard (0..<24).contains(h) else { return nil }
        return h * 60 + m
    }

    /// A plain decimal (`12`, `0.75`, `-3`): no thousands separators, no exponent, no words.
    static func number(_ text: String) -> Double? {
        var digits = 0, points = 0
        for (i, c) in text.enumerated() {
            if c.isASCII && c.isNumber { digits += 1 } else if c == "." { points += 1 } else if c == "-" && i == 0 { continue } else { return nil }
        }
        guard digits > 0, points <= 1, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    static func rounded(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    /// Cronometer's diary groups; "Uncategorized", a group the user named, or none: the meal of
    /// the time of day when the row has one, else snacks.
    static func meal(group: String, hour: Int?) -> Meal {
        switch group.lowercased() {
        case "breakfast": return .breakfast
        case "lunch": return .lunch
        case "dinner": return .dinner
        case "snack", "snacks": return .snacks
        default: return hour.map(Meal.likely(atHour:)) ?? .snacks
        }
    }

    static func typicalMinute(_ meal: Meal) -> Int {
        switch meal {
        case .breakfast: return 8 * 60
        case .lunch: return 12 * 60 + 30
        case .dinner: return 19 * 60
        case .snacks: return 16 * 60
        }
    }

    /// "Weight (Garmin)" → "weight": the device in brackets does not change what is measured.
    static func metricName(_ text: String) -> String {
        var t = text.lowercased().trimmingCharacters(in: .whitespaces)
        if t.hasSuffix(")"), let open = t.lastIndex(of: "(") { t = String(t[..<open]).trimmingCharacters(in: .whitespaces) }
        return t
    }

    /// The instant of `minute` after midnight of `day` in `timeZone`.
    static func instant(_ day: LocalDate, minute: Int, timeZone: TimeZone) -> Date {
        let local = Double(day.daysSinceEpoch * 86_400 + minute * 60)
        let guess = Date(timeIntervalSince1970: local)
        return Date(timeIntervalSince1970: local - Double(timeZone.secondsFromGMT(for: guess)))
    }

    /// FNV-1a, 64 bits, as hex: the same text gives the same id on every run and machine
    /// (Swift's `Hasher` is seeded per process).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
