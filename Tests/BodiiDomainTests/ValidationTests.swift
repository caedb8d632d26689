import Testing
@testable import BodiiDomain

@Suite struct ValidationTests {
    static let junk = ["abc", "NaN", "nan", "inf", "-inf", "Infinity", "1.2.3", "--5"]

    @Test func scientificNotationIsANumberInAFormBodiiDoesNotTake() {
        // Issue 10, item 15: "1e308" is not "not a number".
        for text in ["1e308", "1e9", "2.5E-3"] {
            #expect(problem { try Validation.weight(text) } == .invalidFormat, "\(text)")
            #expect(problem { try Validation.minutes(text) } == .invalidFormat, "\(text)")
            #expect(problem { try Validation.bodyFat(text) } == .invalidFormat, "\(text)")
        }
        #expect(
            validationError { try Validation.weight("1e308") }?.message == "weight \"1e308\" is not in a valid format: allowed 20–400 kg")
    }

    @Test func errorMessageNamesValueAndAllowed() {
        let e = validationError { try Validation.weight("1000") }
        #expect(e == ValidationError(field: "weight", value: "1000", allowed: "20–400 kg", problem: .outOfRange))
        #expect(e?.message == "weight \"1000\" is out of range: allowed 20–400 kg")
        #expect(e.map { "\($0)" } == "weight \"1000\" is out of range: allowed 20–400 kg")
        #expect(validationError { try Validation.weight("") }?.message == "weight is empty: allowed 20–400 kg")
        #expect(validationError { try Validation.weight("abc") }?.message == "weight \"abc\" is not a number: allowed 20–400 kg")
    }

    @Test func messagesAreSafeForTheTerminal() {
        let e = validationError { try Validation.name("Bob\u{1B}[2J") }
        #expect(e?.problem == .invalidCharacters)
        #expect(e?.value == "Bob\u{1B}[2J")  // kept as typed
        #expect(e?.message.contains("\u{1B}") == false)  // but escaped when shown
        #expect(e?.message == "name \"Bob\\u{1B}[2J\" contains control characters: allowed 1–40 characters, no control characters")
        #expect(validationError { try Validation.name("a\nb\\c") }?.message.hasPrefix("name \"a\\nb\\\\c\" ") == true)
        let long = String(repeating: "9", count: 500)
        let tooLong = validationError { try Validation.weight(long) }
        #expect(tooLong?.problem == .tooLong)
        #expect(tooLong?.message == "weight \"999999999999999999999999…\" is too long: allowed 20–400 kg")
    }

    @Test func weightMetric() throws {
        #expect(try Validation.weight("72.5") == 72.5)
        #expect(try Validation.weight(" 72,5 ") == 72.5)
        #expect(try Validation.weight("20") == 20)
        #expect(try Validation.weight("400") == 400)
        #expect(isClose(try Validation.weight("160 lb"), 72.5747792, tolerance: 1e-7))
        for bad in ["19.9", "400.1", "-5", "0", "1000"] {
            #expect(problem { try Validation.weight(bad) } == .outOfRange, "\(bad)")
        }
        for bad in Self.junk {
            #expect(problem { try Validation.weight(bad) } == .notANumber, "\(bad)")
        }
        #expect(problem { try Validation.weight("") } == .empty)
        #expect(problem { try Validation.weight("   ") } == .empty)
        #expect(problem { try Validation.weight("72 stone") } == .unknownUnit)
        #expect(problem { try Validation.weight("72 kg 5") } == .invalidFormat)
        #expect(problem { try Validation.weight("0x10") } == .invalidFormat)
    }

    @Test func weightImperial() throws {
        #expect(isClose(try Validation.weight("160", unitSystem: .imperial), 72.5747792, tolerance: 1e-7))
        #expect(try Validation.weight("72 kg", unitSystem: .imperial) == 72)
        // 20 kg = 44.09 lb and 400 kg = 881.85 lb; the message rounds inwards so its ends are accepted.
        #expect(throws: Never.self) { try Validation.weight("44.1", unitSystem: .imperial) }
        #expect(throws: Never.self) { try Validation.weight("881.8", unitSystem: .imperial) }
        let e = validationError { try Validation.weight("44", unitSystem: .imperial) }
        #expect(e?.message == "weight \"44\" is out of range: allowed 44.1–881.8 lb")
        #expect(problem { try Validation.weight("882", unitSystem: .imperial) } == .outOfRange)
    }

    @Test func bodyFat() throws {
        #expect(try Validation.bodyFat("20") == 20)
        #expect(try Validation.bodyFat("20.5 %") == 20.5)
        #expect(try Validation.bodyFat("2") == 2)
        #expect(try Validation.bodyFat("75%") == 75)
        #expect(validationError { try Validation.bodyFat("80") }?.message == "body fat \"80\" is out of range: allowed 2–75 %")
        for bad in ["1.9", "75.1", "-5", "0"] { #expect(problem { try Validation.bodyFat(bad) } == .outOfRange, "\(bad)") }
        for bad in Self.junk + ["20 kg", "%"] { #expect(problem { try Validation.bodyFat(bad) } != nil, "\(bad)") }
        #expect(problem { try Validation.bodyFat("NaN") } == .notANumber)
        #expect(problem { try Validation.bodyFat("") } == .empty)
    }

    @Test func muscleMass() throws {
        #expect(try Validation.muscleMass("35", weightKg: 80) == 35)
        #expect(isClose(try Validation.muscleMass("77", weightKg: 80, unitSystem: .imperial), 77 * 0.45359237))
        for bad in ["0", "80", "90", "-1"] {
            #expect(problem { try Validation.muscleMass(bad, weightKg: 80) } == .outOfRange, "\(bad)")
        }
        #expect(
            validationError { try Validation.muscleMass("90", weightKg: 80) }?.message
                == "muscle mass \"90\" is out of range: allowed more than 0 and less than body weight (80.0 kg)")
        #expect(
            validationError { try Validation.muscleMass("200", weightKg: 80, unitSystem: .imperial) }?.allowed
                == "more than 0 and less than body weight (176.4 lb)")
        #expect(problem { try Validation.muscleMass("inf", weightKg: 80) } == .notANumber)
    }

    @Test func height() throws {
        #expect(try Validation.height("178") == 178)
        #expect(try Validation.height("100") == 100)
        #expect(try Validation.height("250") == 250)
        #expect(isClose(try Validation.height("5'10\"", unitSystem: .imperial), 177.8))
        #expect(isClose(try Validation.height("5 ft 10", unitSystem: .imperial), 177.8))
        #expect(isClose(try Validation.height("5 10", unitSystem: .imperial), 177.8))
        #expect(try Validation.height("178 cm", unitSystem: .imperial) == 178)
        #expect(validationError { try Validation.height("99") }?.message == "height \"99\" is out of range: allowed 100–250 cm")
        #expect(problem { try Validation.height("251") } == .outOfRange)
        // 3 ft 3 in = 99.06 cm; limits shown in whole inches rounded inwards.
        #expect(
            validationError { try Validation.height("3'3\"", unitSystem: .imperial) }?.message
                == "height \"3'3\\\"\" is out of range: allowed 3 ft 4 in–8 ft 2 in")
        #expect(throws: Never.self) { try Validation.height("3'4\"", unitSystem: .imperial) }
        #expect(throws: Never.self) { try Validation.height("8'2\"", unitSystem: .imperial) }
        for bad in Self.junk { #expect(problem { try Validation.height(bad) } == .notANumber, "\(bad)") }
        #expect(problem { try Validation.height("5'13\"", unitSystem: .imperial) } == .invalidFormat)
        #expect(problem { try Validation.height("") } == .empty)
    }

    @Test func birthDate() throws {
        let today = try date("2026-03-14")
        #expect(try Validation.birthDate("1990-05-01", today: today) == (try date("1990-05-01")))
        #expect(try Validation.birthDate(" 2013-03-14 ", today: today) == (try date("2013-03-14")))  // 13 today
        #expect(try Validation.birthDate("1906-03-14", today: today) == (try date("1906-03-14")))  // 120 today
        #expect(problem { try Validation.birthDate("2013-03-15", today: today) } == .outOfRange)  // 12
        #expect(problem { try Validation.birthDate("1905-03-14", today: today) } == .outOfRange)  // 121
        #expect(problem { try Validation.birthDate("2026-03-15", today: today) } == .inFuture)
        #expect(problem { try Validation.birthDate("2026-02-30", today: today) } == .notARealDate)
        #expect(problem { try Validation.birthDate("14/03/1990", today: today) } == .invalidFormat)
        #expect(problem { try Validation.birthDate("", today: today) } == .empty)
        #expect(
            validationError { try Validation.birthDate("2020-01-01", today: today) }?.message
                == "birth date \"2020-01-01\" is out of range: allowed a date as YYYY-MM-DD, age 13–120")
    }

    @Test func name() throws {
        #expect(try Validation.name("  Ana  ") == "Ana")
        #expect(try Validation.name("Zoë 🏃‍♀️") == "Zoë 🏃‍♀️")  // ZWJ emoji allowed
        #expect(try Validation.name(String(repeating: "a", count: 40)).count == 40)
        #expect(try Validation.name(String(repeating: "👍🏽", count: 40)).count == 40)  // graphemes, not bytes
        #expect(try Validation.name("A") == "A")
        #expect(problem { try Validation.name(String(repeating: "a", count: 41)) } == .tooLong)
        #expect(problem { try Validation.name("") } == .empty)
        #expect(problem { try Validation.name(" \t\n ") } == .empty)
        #expect(problem { try Validation.name("a\nb") } == .invalidCharacters)
        #expect(problem { try Validation.name("tab\there") } == .invalidCharacters)
        #expect(problem { try Validation.name("nul\u{0}") } == .invalidCharacters)
        #expect(problem { try Validation.name("x\u{2028}y") } == .invalidCharacters)
    }

    @Test func minutes() throws {
        #expect(try Validation.minutes("1") == 1)
        #expect(try Validation.minutes(" 1440 ") == 1440)
        #expect(try Validation.minutes("45") == 45)
        for bad in ["0", "1441", "-5"] { #expect(problem { try Validation.minutes(bad) } == .outOfRange, "\(bad)") }
        #expect(problem { try Validation.minutes("7.5") } == .notAWholeNumber)
        for bad in Self.junk { #expect(problem { try Validation.minutes(bad) } == .notANumber, "\(bad)") }
        #expect(problem { try Validation.minutes("") } == .empty)
        #expect(problem { try Validation.minutes(String(repeating: "9", count: 100)) } == .tooLong)
        #expect(problem { try Validation.minutes("99999999999999999") } == .outOfRange)
        #expect(validationError { try Validation.minutes("0") }?.message == "minutes \"0\" is out of range: allowed 1–1440 min")
    }

    @Test func ratings() throws {
        for k in 1...5 {
            #expect(try Validation.quality("\(k)") == k)
            #expect(try Validation.mood("\(k)") == k)
            #expect(try Validation.energy("\(k)") == k)
        }
        #expect(validationError { try Validation.mood("6") }?.message == "mood \"6\" is out of range: allowed 1–5")
        #expect(validationError { try Validation.energy("0") }?.field == "energy")
        #expect(problem { try Validation.quality("3.5") } == .notAWholeNumber)
        #expect(problem { try Validation.quality("good") } == .notANumber)
        #expect(problem { try Validation.quality("") } == .empty)
    }

    @Test func dates() throws {
        let today = try date("2026-03-14")
        #expect(try Validation.date("2026-03-14", today: today) == today)
        #expect(try Validation.date("2020-02-29", today: today) == (try date("2020-02-29")))
        #expect(
            validationError { try Validation.date("2026-03-15", today: today) }?.message
                == "date \"2026-03-15\" is in the future: allowed a date as YYYY-MM-DD, not after 2026-03-14")
        // The right shape but no such day: not a real date (not "not in a valid format").
        #expect(problem { try Validation.date("2026-02-29", today: today) } == .notARealDate)
        #expect(
            validationError { try Validation.date("2026-02-30", today: today) }?.message
                == "date \"2026-02-30\" is not a real date: allowed a date as YYYY-MM-DD, not after 2026-03-14")
        // Before 1900 is out of range, with the range.
        #expect(
            validationError { try Validation.date("1899-12-31", today: today) }?.message
                == "date \"1899-12-31\" is out of range: allowed a date as YYYY-MM-DD, 1900-01-01 to 2026-03-14")
        #expect(problem { try Validation.date("0001-01-01", today: today) } == .outOfRange)
        #expect(problem { try Validation.date("1899-12-31", today: today) } == .outOfRange)
        #expect(try Validation.date("1900-01-01", today: today) == Validation.earliestDate)
        #expect(problem { try Validation.date("yesterday", today: today) } == .invalidFormat)
        #expect(problem { try Validation.date("", today: today) } == .empty)
    }

    @Test func times() throws {
        #expect(try Validation.time("23:30") == (try clock("23:30")))
        #expect(try Validation.time(" 7:05 ").minutesAfterMidnight == 425)
        #expect(try Validation.time("00:00").minutesAfterMidnight == 0)
        for bad in ["24:00", "12:60", "12345", "ab:cd", "-1:30", "7:5", "12:30:00"] {
            #expect(problem { try Validation.time(bad) } == .invalidFormat, "\(bad)")
        }
        #expect(problem { try Validation.time("") } == .empty)
        #expect(
            validationError { try Validation.time("25:00", field: "bedtime") }?.message
                == "bedtime \"25:00\" is not in a valid format: allowed a time like 23:15, 2315, 6.50, 11:15pm, 7am or noon")
    }

    @Test func genericNumber() throws {
        #expect(try Validation.number("2.5", field: "grams", range: 0.1...5000, unit: "g") == 2.5)
        #expect(
            validationError { try Validation.number("6000", field: "grams", range: 0.1...5000, unit: "g") }?.message
                == "grams \"6000\" is out of range: allowed 0.1–5000 g")
    }
}
