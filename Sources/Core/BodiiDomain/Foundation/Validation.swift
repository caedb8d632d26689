import Foundation

/// Validators for everything a person types, shared by forms and the CLI (PRODUCT.md §4: "a clear
/// one-line message naming the bad value and what is allowed"). Each takes the raw text, trims
/// surrounding whitespace, and returns the parsed metric value or throws a `ValidationError` whose
/// `allowed` is written in the user's unit system. Ranges are inclusive unless stated.
public enum Validation {
    public static let weightRangeKg: ClosedRange<Double> = 20...400
    public static let bodyFatRangePercent: ClosedRange<Double> = 2...75
    public static let heightRangeCm: ClosedRange<Double> = 100...250
    public static let ageRange: ClosedRange<Int> = 13...120
    public static let nameLength: ClosedRange<Int> = 1...40
    public static let minutesRange: ClosedRange<Int> = 1...1440
    public static let ratingRange: ClosedRange<Int> = 1...5
    /// Longer numeric input is rejected as too long before any parsing.
    public static let maxInputLength = 40
    /// The most characters of search text (a food's name, or a line of foods) taken anywhere:
    /// the Diet, Exercise and Pantry search fields hold no more, the CLI refuses more in one line
    /// (`searchText`), and the search engine reads no more (100,000 characters took 17.9 s).
    public static let maxSearchLength = 200

    /// `text` as search words, refused in one line when longer than `maxSearchLength`.
    public static func searchText(_ text: String, field: String = "search words") throws(ValidationError) -> String {
        guard text.count <= maxSearchLength else {
            throw ValidationError(
                field: field, value: String(text.prefix(24)) + "…",
                allowed: "at most \(maxSearchLength) characters (this is \(text.count))", problem: .tooLong)
        }
        return text
    }

    // MARK: Body

    /// Body weight, 20–400 kg. Imperial: a bare number is lb; "72 kg" / "160 lb" work in either system.
    public static func weight(
        _ text: String, unitSystem: UnitSystem = .metric,
        field: String = "weight"
    ) throws(ValidationError) -> Double {
        let allowed = massRangeText(weightRangeKg, unitSystem)
        let kg = try mass(text, unitSystem: unitSystem, field: field, allowed: allowed)
        guard weightRangeKg.contains(kg) else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .outOfRange) }
        return kg
    }

    /// Body fat, 2–75 % (a trailing "%" is accepted).
    public static func bodyFat(_ text: String, field: String = "body fat") throws(ValidationError) -> Double {
        var t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if t.hasSuffix("%") { t = String(t.dropLast()) }
        return try number(
            t, original: text, field: field, range: bodyFatRangePercent,
            allowed: "\(DecimalText.format(bodyFatRangePercent.lowerBound))–\(DecimalText.format(bodyFatRangePercent.upperBound)) %")
    }

    /// Muscle mass: more than 0 and less than the body weight it was measured with.
    public static func muscleMass(
        _ text: String, weightKg: Double, unitSystem: UnitSystem = .metric,
        field: String = "muscle mass"
    ) throws(ValidationError) -> Double {
        let fmt = UnitFormatter(unitSystem)
        let allowed = "more than 0 and less than body weight (\(fmt.mass(weightKg)))"
        let kg = try mass(text, unitSystem: unitSystem, field: field, allowed: allowed)
        guard kg > 0, kg < weightKg else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .outOfRange) }
        return kg
    }

    /// Height, 100–250 cm. Imperial: "5'10\"", "5 ft 10", "5 10", or a bare number of inches.
    public static func height(
        _ text: String, unitSystem: UnitSystem = .metric,
        field: String = "height"
    ) throws(ValidationError) -> Double {
        let allowed: String
        switch unitSystem {
        case .metric:
            allowed = "\(DecimalText.format(heightRangeCm.lowerBound))–\(DecimalText.format(heightRangeCm.upperBound)) cm"
        case .imperial:
            // Whole inches rounded inwards, so every height the message names is accepted.
            let lo = Int(Units.cmToInches(heightRangeCm.lowerBound).rounded(.up))
            let hi = Int(Units.cmToInches(heightRangeCm.upperBound).rounded(.down))
            allowed = "\(lo / 12) ft \(lo % 12) in–\(hi / 12) ft \(hi % 12) in"
        }
        try checkLength(text, field: field, allowed: allowed)
        let cm: Double
        do {
            cm = try UnitParser.heightCm(text, defaultSystem: unitSystem)
        } catch {
            throw ValidationError(field: field, value: text, allowed: allowed, problem: problem(for: error))
        }
        guard heightRangeCm.contains(cm) else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .outOfRange) }
        return cm
    }

    // MARK: Profile

    /// Birth date as YYYY-MM-DD, not after `today`, giving an age of 13–120 on `today`.
    public static func birthDate(_ text: String, today: LocalDate, field: String = "birth date") throws(ValidationError) -> LocalDate {
        let allowed = "a date as YYYY-MM-DD, age \(ageRange.lowerBound)–\(ageRange.upperBound)"
        let date = try isoDate(text, field: field, allowed: allowed)
        guard date <= today else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .inFuture) }
        guard ageRange.contains(date.years(until: today)) else {
            throw ValidationError(field: field, value: text, allowed: allowed, problem: .outOfRange)
        }
        return date
    }

    /// A name: trimmed, 1–40 characters (or `length`; grapheme clusters, so an emoji counts as
    /// one), and no control characters (C0, C1, line and paragraph separators, bidi overrides).
    /// Returns the trimmed name.
    public static func name(
        _ text: String, field: String = "name",
        length: ClosedRange<Int> = nameLength
    ) throws(ValidationError) -> String {
        let allowed = "\(length.lowerBound)–\(length.upperBound) characters, no control characters"
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .empty) }
        // The characters a terminal would act on (TerminalText): a name must print as itself.
        let forbidden = trimmed.unicodeScalars.contains(where: TerminalText.isUnsafe)
        guard !forbidden else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .invalidCharacters) }
        guard length.contains(trimmed.count) else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .tooLong) }
        return trimmed
    }

    // MARK: Logs

    /// Whole minutes, 1–1440.
    public static func minutes(_ text: String, field: String = "minutes") throws(ValidationError) -> Int {
        try integer(text, field: field, range: minutesRange, unit: "min")
    }

    /// A 1–5 rating (sleep quality, mood, energy).
    public static func rating(_ text: String, field: String) throws(ValidationError) -> Int {
        try integer(text, field: field, range: ratingRange, unit: nil)
    }

    public static func quality(_ text: String) throws(ValidationError) -> Int { try rating(text, field: "quality") }
    public static func mood(_ text: String) throws(ValidationError) -> Int { try rating(text, field: "mood") }
    public static func energy(_ text: String) throws(ValidationError) -> Int { try rating(text, field: "energy") }

    /// The first day any date may be: nothing in a health log is older.
    public static let earliestDate = LocalDate(year: 1900, month: 1, day: 1) ?? LocalDate(daysSinceEpoch: -25_567)

    /// The last day any date may be (a due date, a plan): a year from `today`.
    public static func latestDate(today: LocalDate) -> LocalDate { today.adding(days: 366) }

    /// The days a record from outside (another app's export) may have: from 1900 to tomorrow, a
    /// day of slack for a file written in a time zone ahead of the user's.
    public static func importedDates(today: LocalDate) -> ClosedRange<LocalDate> { earliestDate...today.adding(days: 1) }

    /// A day as YYYY-MM-DD, from 1900-01-01 and not after `today`. (Forms show the message under
    /// the field, where "not after …" is what fits; a date before 1900 gets the whole range.)
    public static func date(_ text: String, today: LocalDate, field: String = "date") throws(ValidationError) -> LocalDate {
        let allowed = "a date as YYYY-MM-DD, not after \(today.iso)"
        let date = try isoDate(text, field: field, allowed: allowed)
        guard date <= today else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .inFuture) }
        guard date >= earliestDate else {
            throw ValidationError(
                field: field, value: text, allowed: "a date as YYYY-MM-DD, \(earliestDate.iso) to \(today.iso)",
                problem: .outOfRange)
        }
        return date
    }

    /// A time of day in any form `TimeText` reads: "23:15", "2315", "6.50", "11:15pm", "7am", "noon".
    public static func time(_ text: String, field: String = "time") throws(ValidationError) -> ClockTime {
        let allowed = TimeText.allowed
        try checkLength(text, field: field, allowed: allowed)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .empty) }
        guard let time = TimeText.parse(trimmed) else {
            throw ValidationError(field: field, value: text, allowed: allowed, problem: .invalidFormat)
        }
        return time
    }

    /// A length of time, 1 min–24 h: "7h30", "7 h 30 m", "7:30", "7.5" (hours), "450m", "450 min".
    public static func duration(_ text: String, field: String = "duration") throws(ValidationError) -> Int {
        let allowed = "a duration like 7h30, 7:30, 7.5 or 450m (1 min–24 h)"
        try checkLength(text, field: field, allowed: allowed)
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().replacingOccurrences(of: " ", with: "")
        guard !t.isEmpty else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .empty) }
        guard let minutes = parseDuration(t) else {
            throw ValidationError(field: field, value: text, allowed: allowed, problem: .invalidFormat)
        }
        guard minutesRange.contains(minutes) else {
            throw ValidationError(field: field, value: text, allowed: allowed, problem: .outOfRange)
        }
        return minutes
    }

    /// Minutes in a compact duration (spaces removed, lower case), nil when it is not one.
    static func parseDuration(_ t: String) -> Int? {
        for suffix in ["minutes", "min", "m"] where t.hasSuffix(suffix) && !t.contains("h") {
            return DecimalText.parseInt(t.dropLast(suffix.count))
        }
        if let colon = t.firstIndex(of: ":") {
            guard let h = DecimalText.parseInt(t[..<colon]), let m = DecimalText.parseInt(t[t.index(after: colon)...]),
                t[t.index(after: colon)...].count == 2, m < 60
            else { return nil }
            return h * 60 + m
        }
        if let hIndex = t.firstIndex(of: "h") {
            guard let h = DecimalText.parseInt(t[..<hIndex]) else { return nil }
            var rest = t[t.index(after: hIndex)...]
            if rest.hasPrefix("ours") { rest = rest.dropFirst(4) } else if rest.hasPrefix("rs") { rest = rest.dropFirst(2) }
            if rest.isEmpty { return h * 60 }
            for suffix in ["minutes", "min", "m"] where rest.hasSuffix(suffix) { rest = rest.dropLast(suffix.count); break }
            guard let m = DecimalText.parseInt(rest), m < 60 else { return nil }
            return h * 60 + m
        }
        guard let hours = DecimalText.parse(t), hours.isFinite, hours >= 0, hours <= 48 else { return nil }
        return Int((hours * 60).rounded())
    }

    // MARK: Building blocks (public so other forms validate the same way)

    /// A plain decimal number within `range`; `unit` is appended to the range in messages.
    public static func number(_ text: String, field: String, range: ClosedRange<Double>, unit: String?) throws(ValidationError) -> Double {
        let suffix = unit.map { " \($0)" } ?? ""
        let allowed = "\(DecimalText.format(range.lowerBound, decimals: 2))–\(DecimalText.format(range.upperBound, decimals: 2))\(suffix)"
        return try number(text, original: text, field: field, range: range, allowed: allowed)
    }

    /// An amount within `range`, typed as a decimal or a fraction (`AmountText`: "0.5", "1/2", "½",
    /// "1 1/2"): grams, servings, quantities.
    public static func amount(_ text: String, field: String, range: ClosedRange<Double>, unit: String?) throws(ValidationError) -> Double {
        let suffix = unit.map { " \($0)" } ?? ""
        let allowed = "\(DecimalText.format(range.lowerBound, decimals: 2))–\(DecimalText.format(range.upperBound, decimals: 2))\(suffix)"
        return try number(text, original: text, field: field, range: range, allowed: allowed, fractions: true)
    }

    /// A whole number within `range`.
    public static func integer(_ text: String, field: String, range: ClosedRange<Int>, unit: String?) throws(ValidationError) -> Int {
        let allowed = "\(range.lowerBound)–\(range.upperBound)" + (unit.map { " \($0)" } ?? "")
        try checkLength(text, field: field, allowed: allowed)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .empty) }
        guard let value = DecimalText.parseInt(trimmed) else {
            let problem: ValidationError.Problem =
                DecimalText.parse(trimmed) != nil
                ? .notAWholeNumber
                : DecimalText.isScientific(trimmed) ? .invalidFormat : .notANumber
            throw ValidationError(field: field, value: text, allowed: allowed, problem: problem)
        }
        guard range.contains(value) else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .outOfRange) }
        return value
    }

    // MARK: Internals

    /// `fractions`: an amount, read by `AmountText` ("1/2" too).
    static func number(
        _ text: String, original: String, field: String, range: ClosedRange<Double>,
        allowed: String, fractions: Bool = false
    ) throws(ValidationError) -> Double {
        try checkLength(original, field: field, allowed: allowed)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ValidationError(field: field, value: original, allowed: allowed, problem: .empty) }
        guard let value = fractions ? AmountText.parse(trimmed) : DecimalText.parse(trimmed) else {
            throw ValidationError(
                field: field, value: original, allowed: allowed,
                problem: DecimalText.isScientific(trimmed) ? .invalidFormat : .notANumber)
        }
        guard range.contains(value) else { throw ValidationError(field: field, value: original, allowed: allowed, problem: .outOfRange) }
        return value
    }

    static func mass(_ text: String, unitSystem: UnitSystem, field: String, allowed: String) throws(ValidationError) -> Double {
        try checkLength(text, field: field, allowed: allowed)
        do {
            return try UnitParser.massKg(text, defaultSystem: unitSystem)
        } catch {
            throw ValidationError(field: field, value: text, allowed: allowed, problem: problem(for: error))
        }
    }

    static func isoDate(_ text: String, field: String, allowed: String) throws(ValidationError) -> LocalDate {
        try checkLength(text, field: field, allowed: allowed)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .empty) }
        guard let date = LocalDate(iso: trimmed) else {
            // The right shape with a day that does not exist (2026-02-30) is not a typo of format.
            let shaped =
                trimmed.count == 10
                && trimmed.enumerated().allSatisfy { i, c in
                    (i == 4 || i == 7) ? c == "-" : (c.isASCII && c.isNumber)
                }
            throw ValidationError(field: field, value: text, allowed: allowed, problem: shaped ? .notARealDate : .invalidFormat)
        }
        return date
    }

    static func checkLength(_ text: String, field: String, allowed: String) throws(ValidationError) {
        if text.count > maxInputLength { throw ValidationError(field: field, value: text, allowed: allowed, problem: .tooLong) }
    }

    static func problem(for error: UnitParseError) -> ValidationError.Problem {
        switch error {
        case .empty: return .empty
        case .notANumber: return .notANumber
        case .unknownUnit: return .unknownUnit
        case .malformed: return .invalidFormat
        }
    }

    /// "20–400 kg" or "44.1–881.8 lb" (imperial rounded inwards to 0.1 lb so both ends are accepted).
    static func massRangeText(_ range: ClosedRange<Double>, _ system: UnitSystem) -> String {
        switch system {
        case .metric:
            return "\(DecimalText.format(range.lowerBound))–\(DecimalText.format(range.upperBound)) kg"
        case .imperial:
            let lo = (Units.kgToPounds(range.lowerBound) * 10).rounded(.up) / 10
            let hi = (Units.kgToPounds(range.upperBound) * 10).rounded(.down) / 10
            return "\(DecimalText.format(lo))–\(DecimalText.format(hi)) lb"
        }
    }
}
