import BodiiDomain
import Foundation
import Testing

/// Issue 23, "Proof": every importer fed extreme and malformed values from a fixed seed (the same
/// cases on every run). For each case: no crash (a signal) and no hang (a timeout), an exit code
/// of 0, 64, 65, 66 or 74, at most one line on stderr when it fails, a refused file leaves the
/// folder byte for byte as it was (a fresh database is not created), the input file is never
/// changed, and every read command works on the database afterwards. Reads run whenever the
/// import changed the database; an unchanged one is the template, whose reads are checked once up
/// front. Every case runs in-process (`InProcessBodii`: a crash there ends the test run); a smoke
/// set of them, and the template's reads, also as the real binary, where a signal or a hang
/// killed is seen as such (every case with BODII_FULL_FUZZ=1).
@Suite struct ImporterFuzzTests {
    enum Importer: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case appleHealth = "apple-health"
        case cronometer, bodii
        var testDescription: String { rawValue }
    }

    // A hang is caught per run (`BoundedRun.timeLimit`, 60 s); this limit only stops a runaway
    // case. With BODII_FULL_FUZZ=1 each case runs hundreds of processes beside the rest of the
    // suite (on 2 busy cores the three ran 560 s), so the limit is 20 min, not a budget.
    @Test(.timeLimit(.minutes(20)), arguments: Importer.allCases)
    func extremeAndMalformedInputNeverCrashesHangsOrHalfWrites(_ importer: Importer) throws {
        let folder = try TemporaryFolder()
        let template = try FuzzTemplate(in: folder)
        var rng = SeededGenerator(seed: 23 &+ UInt64(Importer.allCases.firstIndex(of: importer) ?? 0))
        let cases = FuzzCases(template: template).cases(for: importer, rng: &rng)
        var tally = FuzzTally()
        // The template itself must read: the baseline every unchanged case stands on.
        try tally.checkReads(database: template.database, label: "template (process)", scratch: folder.url, how: .process)
        try tally.checkReads(database: template.database, label: "template", scratch: folder.url, how: .inProcess)
        for (index, fuzzCase) in cases.enumerated() {
            try tally.run(fuzzCase, number: index, template: template, root: folder.url, how: .inProcess)
        }
        let smoke = InProcessBodii.processSmokeSet(Array(cases.enumerated()), every: 15)
        for (index, fuzzCase) in smoke {
            try tally.run(fuzzCase, number: index, template: template, root: folder.url, how: .process)
        }
        print(
            "ImporterFuzz \(importer.rawValue): \(tally.cases) runs (\(cases.count) cases in-process, \(smoke.count) as processes), \(tally.crashes) crashes, \(tally.hangs) hangs, "
                + "\(tally.filesChanged) files changed, \(tally.failures.count) failing, \(tally.readRuns) read commands run; "
                + "imports exited " + tally.exits.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        for failure in tally.failures { print("ImporterFuzz \(importer.rawValue) FAIL: \(failure)") }
        #expect(tally.crashes == 0 && tally.hangs == 0 && tally.filesChanged == 0)
        #expect(tally.failures.isEmpty, "\(tally.failures.prefix(40).joined(separator: "\n"))")
    }
}

// MARK: - Cases

struct FuzzCase {
    var label: String
    var importer: ImporterFuzzTests.Importer
    var fileName: String
    var bytes: Data
    /// Imported into a database path where none exists yet (else into a copy of the template).
    var freshDatabase: Bool
}

/// SplitMix64: a fixed seed gives the same cases on every run and machine.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum FuzzValues {
    static let megabyte = String(repeating: "9", count: 1_000_000)
    static let megabyteName = String(repeating: "Oats ", count: 200_000)
    /// Numbers as another app might write them, or damage them.
    static let numbers = [
        "1e19", "1e308", "-1e308", "inf", "nan", "-0", "0x50", "", megabyte,
        "10000000000000000000", "1" + String(repeating: "0", count: 300), "-5", "9.2e18",
    ]
    /// TestClock's today is 2026-11-22: tomorrow + 1 is the first day refused.
    static let dates = ["0001-01-01", "9999-12-31", "1899-12-31", "2026-11-24"]
    static let names = [
        "\u{1B}[31mred\u{1B}[0m", "\u{1B}]0;owned\u{07}", "nul\u{0}byte", "tab\tand\nline",
        "bidi\u{202E}gnp.exe", "c1\u{9B}31m", megabyteName,
    ]
}

struct FuzzCases {
    let template: FuzzTemplate

    func cases(for importer: ImporterFuzzTests.Importer, rng: inout SeededGenerator) -> [FuzzCase] {
        var out: [FuzzCase] = []
        func add(_ label: String, _ name: String, _ bytes: Data) {
            // Every fifth case goes into a database that does not exist yet.
            out.append(FuzzCase(label: label, importer: importer, fileName: name, bytes: bytes, freshDatabase: out.count % 5 == 4))
        }
        func add(_ label: String, _ name: String, text: String) { add(label, name, Data(text.utf8)) }
        let bases: [(name: String, text: String)]
        switch importer {
        case .appleHealth: bases = [("export.xml", template.appleHealthXML)]
        case .cronometer: bases = [("servings.csv", FuzzTemplate.servingsCSV), ("biometrics.csv", FuzzTemplate.biometricsCSV)]
        case .bodii: bases = [("bodii.json", template.bodiiJSON)]
        }
        for (round, base) in bases.enumerated() {
            let spans = Spans(importer: importer, text: base.text)
            // Each extreme number in two places (one per base when there are two), each date, each name.
            for value in FuzzValues.numbers {
                for _ in 0..<(bases.count == 1 ? 3 : 2) {
                    guard let (label, text) = spans.replacingNumber(with: value, rng: &rng) else { continue }
                    add("number \(label) = \(value.prefix(24))", base.name, text: text)
                }
            }
            for date in FuzzValues.dates {
                for _ in 0..<(bases.count == 1 ? 2 : 1) {
                    guard let (label, text) = spans.replacingDate(with: date, rng: &rng) else { continue }
                    add("date \(label) = \(date)", base.name, text: text)
                }
            }
            for name in FuzzValues.names {
                guard let (label, text) = spans.replacingName(with: name, rng: &rng) else { continue }
                add("name \(label) = \(TerminalText.printable(String(name.prefix(24))))", base.name, text: text)
            }
            let bytes = Data(base.text.utf8)
            for _ in 0..<(bases.count == 1 ? 12 : 6) {
                let at = Int.random(in: 1..<bytes.count, using: &rng)
                add("cut at byte \(at)", base.name, bytes.prefix(at))
            }
            for _ in 0..<(bases.count == 1 ? 12 : 6) {
                var flipped = bytes
                var offsets: [Int] = []
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let at = Int.random(in: 0..<flipped.count, using: &rng)
                    flipped[at] ^= UInt8.random(in: 1...255, using: &rng)
                    offsets.append(at)
                }
                add("bytes flipped at \(offsets)", base.name, flipped)
            }
            if round == 0 {
                add("empty file", base.name, Data())
                add("a megabyte of one line", base.name, text: FuzzValues.megabyte)
            }
            for structural in spans.structural(rng: &rng) { add(structural.label, base.name, text: structural.text) }
        }
        return out
    }
}

/// Where a base file's numbers, dates and names are, by format, and the file with one replaced.
struct Spans {
    let importer: ImporterFuzzTests.Importer
    let text: String
    let numbers: [(String, Range<String.Index>)]
    let dates: [(String, Range<String.Index>)]
    let names: [(String, Range<String.Index>)]

    init(importer: ImporterFuzzTests.Importer, text: String) {
        self.importer = importer
        self.text = text
        func spans(_ regex: Regex<(Substring, Substring, Substring)>) -> [(String, Range<String.Index>)] {
            text.matches(of: regex).map { (String($0.output.1), $0.output.2.startIndex..<$0.output.2.endIndex) }
        }
        switch importer {
        case .appleHealth:
            // Named by the element's type too: the value of a step count is not that of a weight.
            numbers = spans(#/ (value|duration|totalEnergyBurned|sum)="([^"]*)"/#).map { attribute, range in
                let line = text.lineRange(for: range)
                let type =
                    text[line].firstMatch(of: #/(?:type|workoutActivityType)="HK\w*?(?:Identifier|ActivityType)(\w+)"/#)?.output.1 ?? "?"
                return ("\(type).\(attribute)", range)
            }
            dates = spans(#/ (startDate|endDate|creationDate)="(\d{4}-\d{2}-\d{2})/#)
            names = spans(#/ (sourceName|workoutActivityType)="([^"]*)"/#)
        case .bodii:
            numbers = spans(#/"([a-z_]+)":(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/#)
            dates = spans(#/"([a-z_]*date[a-z_]*|[a-z_]*_at|on|due)":"(\d{4}-\d{2}-\d{2})/#)
            names = spans(#/"(name|text|food_name|note|activity)":"([^"\\]*)"/#)
        case .cronometer:
            // A CSV cell by column: the base files have no quoted commas in the cells fuzzed here.
            var numbers: [(String, Range<String.Index>)] = [], dates: [(String, Range<String.Index>)] = []
            var names: [(String, Range<String.Index>)] = []
            let lines = text.split(separator: "\n")
            let header = lines.first.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
            for line in lines.dropFirst() where !line.contains("\"") {
                let cells = line.split(separator: ",", omittingEmptySubsequences: false)
                for (i, cell) in cells.enumerated() where i < header.count {
                    let title = header[i], range = cell.startIndex..<cell.endIndex
                    if title == "Day" {
                        dates.append((title, range))
                    } else if title == "Food Name" || title == "Metric" || title == "Unit" {
                        names.append((title, range))
                    } else if title != "Time", cell.first?.isNumber == true {
                        // "80.00 g": the number only.
                        let end = cell.firstIndex(of: " ") ?? cell.endIndex
                        numbers.append((title, cell.startIndex..<end))
                    }
                }
            }
            self.numbers = numbers
            self.dates = dates
            self.names = names
        }
    }

    /// One of `spans` replaced: a kind of value (a key, a column) chosen evenly, then one of its places,
    /// so the few energy values of a file are hit as often as its many timestamps.
    func replacing(_ spans: [(String, Range<String.Index>)], with value: String, rng: inout SeededGenerator) -> (String, String)? {
        let labels = Array(Set(spans.map(\.0))).sorted()
        guard !labels.isEmpty else { return nil }
        let wanted = labels[Int.random(in: 0..<labels.count, using: &rng)]
        let places = spans.filter { $0.0 == wanted }
        let (label, range) = places[Int.random(in: 0..<places.count, using: &rng)]
        var copy = text
        copy.replaceSubrange(range, with: value)
        return (label, copy)
    }

    func replacingNumber(with value: String, rng: inout SeededGenerator) -> (String, String)? {
        // JSON has no empty number: the empty value is an empty string there.
        replacing(numbers, with: importer == .bodii && value.isEmpty ? "\"\"" : value, rng: &rng)
    }

    func replacingDate(with date: String, rng: inout SeededGenerator) -> (String, String)? { replacing(dates, with: date, rng: &rng) }

    func replacingName(with name: String, rng: inout SeededGenerator) -> (String, String)? {
        switch importer {
        case .bodii:
            // A valid JSON string that carries the control characters.
            let escaped = name.unicodeScalars.map { s -> String in
                s.value < 0x20 || s == "\"" || s == "\\" ? String(format: "\\u%04x", s.value) : String(s)
            }.joined()
            return replacing(names, with: escaped, rng: &rng)
        case .appleHealth:
            let escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;")
            return replacing(names, with: escaped, rng: &rng)
        case .cronometer:
            return replacing(names, with: "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"", rng: &rng)
        }
    }

    /// Damage of the format's own structure.
    func structural(rng: inout SeededGenerator) -> [(label: String, text: String)] {
        switch importer {
        case .cronometer:
            var out: [(label: String, text: String)] = []
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for _ in 0..<3 {
                var damaged = lines
                let i = Int.random(in: 1..<(lines.count - 1), using: &rng)
                if let comma = damaged[i].firstIndex(of: ",") { damaged[i].insert("\"", at: damaged[i].index(after: comma)) }
                out.append(("unterminated quote on line \(i + 1)", damaged.joined(separator: "\n")))
            }
            for extra in [true, false] {
                var damaged = lines
                let i = Int.random(in: 1..<(lines.count - 1), using: &rng)
                if extra {
                    damaged[i] += ",extra"
                } else if let comma = damaged[i].lastIndex(of: ",") {
                    damaged[i] = String(damaged[i][..<comma])
                }
                out.append(("\(extra ? "one field more" : "one field fewer") on line \(i + 1)", damaged.joined(separator: "\n")))
            }
            out.append(("header only", lines[0] + "\n"))
            return out
        case .appleHealth:
            let open = #"<HealthData locale="en_US">"#
            func nested(_ depth: Int, closed: Bool) -> String {
                text.replacingOccurrences(
                    of: open,
                    with: open + String(repeating: "<Record>", count: depth)
                        + (closed ? String(repeating: "</Record>", count: depth) : ""))
            }
            return [
                ("XML nested 20,000 deep", nested(20_000, closed: true)),
                ("XML nested 20,000 deep, never closed", nested(20_000, closed: false)),
                ("XML nested 300 deep", nested(300, closed: true)),
            ]
        case .bodii:
            func nested(_ depth: Int) -> String {
                "{\"deep\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "," + text.dropFirst()
            }
            return [
                ("JSON nested 10,000 deep", nested(10_000)), ("JSON nested 300 deep", nested(300)),
                ("a record missing its fields", text.replacingOccurrences(of: #"{"date":"#, with: #"{"x":0,"dat":"#)),
            ]
        }
    }
}

// MARK: - The template database and base files

/// A database with a catalog and a little of every importer's data, copied for each case (seeding
/// the catalog takes most of a fresh import's time), and the base files the cases damage.
struct FuzzTemplate {
    let database: String
    let bytes: Data
    let appleHealthXML: String
    let bodiiJSON: String

    static let servingsCSV = """
        Day,Time,Group,Food Name,Amount,Energy (kcal),Protein (g),Carbs (g),Fat (g),Fiber (g),Sugars (g),Saturated (g),Sodium (mg),Category
        2026-11-20,7:45 AM,Breakfast,Oats rolled,80.00 g,303.20,10.53,54.08,5.22,8.48,0.79,0.95,1.60,Breakfast Cereals
        2026-11-20,12:30 PM,Lunch,"Peaches, yellow, raw","2.00 medium (2-2/3"" dia)",117.00,2.73,28.63,0.75,4.50,25.16,0.06,0.00,Fruits
        2026-11-21,7:10 PM,Dinner,Lentil stew,1.00 bowl,412.40,24.10,60.20,8.30,15.00,4.00,1.20,620.00,Recipes
        2026-11-22,3:30 PM,Snacks,Almonds,28.00 g,161.84,5.92,6.07,13.96,3.50,1.22,1.06,0.28,Nuts
        2026-11-22,9:00 AM,Uncategorized,Water,500.00 ml,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,Beverages

        """
    static let biometricsCSV = """
        Day,Group,Metric,Unit,Amount
        2026-11-18,Uncategorized,Weight,kg,82.40
        2026-11-18,Uncategorized,Body Fat,%,21.5
        2026-11-19,Uncategorized,Weight,lbs,181.2
        2026-11-19,Uncategorized,Heart Rate,bpm,58
        2026-11-20,Uncategorized,Weight (Garmin),kg,82.1
        2026-11-22,Uncategorized,Weight,kg,81.9

        """

    /// Most records fall on TestClock's today, the day `today` and `status` read.
    init(in folder: TemporaryFolder) throws {
        database = folder.path("template.sqlite")
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BodiiImportTests/Fixtures")
        // The fixture's Saturday moved to Sunday, TestClock's today.
        appleHealthXML = try String(contentsOf: fixtures.appendingPathComponent("apple-health/export.xml"), encoding: .utf8)
            .replacingOccurrences(of: "2026-11-21", with: "2026-11-22")
            .replacingOccurrences(of: "</HealthData>", with: AppleHealthMeasurementImportTests.records + "</HealthData>")
        let appleHealth = folder.path("export.xml")
        try Data(appleHealthXML.utf8).write(to: URL(fileURLWithPath: appleHealth))
        let servings = folder.path("servings.csv"), biometrics = folder.path("biometrics.csv")
        try Data(Self.servingsCSV.utf8).write(to: URL(fileURLWithPath: servings))
        try Data(Self.biometricsCSV.utf8).write(to: URL(fileURLWithPath: biometrics))
        let steps: [[String]] = [
            ["log", "weight", "80"], ["log", "food", "apple", "--grams", "150"], ["log", "exercise", "running", "--minutes", "30"],
            ["log", "sleep", "--bed", "23:00", "--wake", "07:00"],
            ["log", "measure", "hips", "98cm"], ["log", "bp", "118/76"], ["log", "rhr", "61"],
            ["fast", "start", "--at", "20:00"], ["fast", "end", "--at", "08:00"], ["fast", "start", "--at", "09:00", "--goal", "18:6"],
            ["import", "apple-health", appleHealth],
            ["import", "cronometer", servings], ["import", "cronometer", biometrics],
        ]
        // In-process: the template is the cases' starting point, not under test.
        for step in steps {
            let out = try InProcessBodii.run(step + ["--db", database])
            try #require(out.status == 0, "\(step): \(out.stderr)")
        }
        let export = try InProcessBodii.run(["export", "--db", database])
        try #require(export.status == 0, "\(export.stderr)")
        bodiiJSON = export.stdout
        // The template as it is after its own export is imported back, so an unchanged case is the template.
        let json = folder.path("bodii.json")
        try Data(bodiiJSON.utf8).write(to: URL(fileURLWithPath: json))
        let back = try InProcessBodii.run(["import", "bodii", json, "--db", database])
        try #require(back.status == 0, "\(back.stderr)")
        bytes = try Data(contentsOf: URL(fileURLWithPath: database))
    }
}

// MARK: - Running and checking

/// One run of `bodii`, with a time limit: a process still running then is killed and counted as a
/// hang; an in-process run still running is counted as a hang and left to finish on its thread.
struct BoundedRun {
    var status: Int32
    var signalled: Bool
    var hung: Bool
    var stderr: String

    static let timeLimit: TimeInterval = 60

    enum How {
        case process, inProcess
    }

    init(_ arguments: [String], scratch: URL, how: How) throws {
        guard how == .process else {
            signalled = false
            do {
                let run = try InProcessBodii.run(arguments, timeLimit: Self.timeLimit)
                (status, hung, stderr) = (run.status, false, run.stderr)
            } catch is InProcessBodii.Hung {
                (status, hung, stderr) = (-1, true, "")
            }
            return
        }
        let process = Process()
        process.executableURL = BodiiBinary.url
        process.arguments = arguments
        process.environment = BodiiEnvironment.with()
        // Files, not pipes: an export to stdout cannot fill a pipe nobody reads yet.
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        hung = done.wait(timeout: .now() + Self.timeLimit) == .timedOut
        if hung {
            kill(process.processIdentifier, SIGKILL)
            done.wait()
        }
        status = process.terminationStatus
        signalled = !hung && process.terminationReason == .uncaughtSignal
        stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? "(stderr not UTF-8)"
    }
}

struct FuzzTally {
    var cases = 0, crashes = 0, hangs = 0, filesChanged = 0, readRuns = 0
    var failures: [String] = []
    /// How the imports ended, by exit code: the cases reach both acceptance and each refusal.
    var exits: [Int32: Int] = [:]

    static let importExits: Set<Int32> = [0, 64, 65, 66, 74]
    /// Every read command, and the exits each may have (search finds nothing: 1; history of a
    /// food never logged, as in a fresh database: 65 "nothing in your log matches").
    static let reads: [([String], Set<Int32>)] = [
        (["today"], [0]), (["today", "--json"], [0]), (["status"], [0]), (["report"], [0]), (["history", "apple"], [0, 65]),
        (["review", "--json"], [0]), (["export"], [0]), (["search", "apple"], [0, 1]),
    ]

    mutating func run(_ fuzzCase: FuzzCase, number: Int, template: FuzzTemplate, root: URL, how: BoundedRun.How) throws {
        cases += 1
        let label =
            "#\(number) \(fuzzCase.fileName) \(fuzzCase.label)\(fuzzCase.freshDatabase ? " (fresh database)" : "")"
            + (how == .process ? " (process)" : "")
        let dir = root.appendingPathComponent("case-\(number)"), scratch = root.appendingPathComponent("scratch-\(number)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir); try? FileManager.default.removeItem(at: scratch) }
        let input = dir.appendingPathComponent(fuzzCase.fileName), db = dir.appendingPathComponent("bodii.sqlite")
        try fuzzCase.bytes.write(to: input)
        if !fuzzCase.freshDatabase { try template.bytes.write(to: db) }
        let before = try Self.snapshot(dir)
        let run = try BoundedRun(["import", fuzzCase.importer.rawValue, input.path, "--db", db.path], scratch: scratch, how: how)
        guard check(run, label: "import: \(label)", allowed: Self.importExits) else { return }
        exits[run.status, default: 0] += 1
        if ProcessInfo.processInfo.environment["BODII_FUZZ_VERBOSE"] != nil {
            print("ImporterFuzz case \(label): exit \(run.status) \(Self.shown(run.stderr))")
        }
        let after = try Self.snapshot(dir)
        if after[fuzzCase.fileName] != fuzzCase.bytes {
            filesChanged += 1
            failures.append("\(label): the input file was changed")
        }
        if run.status != 0 {
            if run.stderr.split(separator: "\n").count > 1 {
                failures.append("\(label): \(run.status) with more than one line: \(Self.shown(run.stderr))")
            }
            if after != before {
                filesChanged += 1
                failures.append(
                    "\(label): refused (\(run.status)) but the folder changed: \(Self.changed(before, after)) — \(Self.shown(run.stderr))")
            }
            return
        }
        // Accepted: the database reads, unless it is still the template (read once up front).
        if after["bodii.sqlite"] != template.bytes || after.keys.contains(where: { $0.hasPrefix("bodii.sqlite-") }) {
            try checkReads(database: db.path, label: label, scratch: scratch, how: how)
        }
    }

    /// Counts a crash, hang or unexpected exit; false when the run did not end normally.
    mutating func check(_ run: BoundedRun, label: String, allowed: Set<Int32>) -> Bool {
        if run.hung { hangs += 1; failures.append("\(label): hung (killed after \(Int(BoundedRun.timeLimit)) s)"); return false }
        if run.signalled {
            crashes += 1; failures.append("\(label): crashed with signal \(run.status): \(Self.shown(run.stderr))"); return false
        }
        if !allowed.contains(run.status) { failures.append("\(label): exit \(run.status): \(Self.shown(run.stderr))") }
        return true
    }

    mutating func checkReads(database: String, label: String, scratch: URL, how: BoundedRun.How) throws {
        for (command, allowed) in Self.reads {
            readRuns += 1
            let run = try BoundedRun(command + ["--db", database], scratch: scratch, how: how)
            let what = "\(command.joined(separator: " ")) after \(label)"
            if run.status == 65, command[0] == "history", !run.stderr.contains("nothing in your log matches") {
                failures.append("\(what): exit 65: \(Self.shown(run.stderr))")
            }
            _ = check(run, label: what, allowed: allowed)
        }
    }

    static func snapshot(_ dir: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
            files[name] = try Data(contentsOf: dir.appendingPathComponent(name))
        }
        return files
    }

    static func changed(_ before: [String: Data], _ after: [String: Data]) -> String {
        Set(before.keys).union(after.keys).sorted().filter { before[$0] != after[$0] }.joined(separator: ", ")
    }

    static func shown(_ stderr: String) -> String { TerminalText.printable(String(stderr.prefix(200))) }
}
