import Foundation
import Testing
@testable import BodiiDomain

@Suite struct LocalDateTests {
    @Test func leapYears() {
        #expect(LocalDate(year: 2024, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 2000, month: 2, day: 29) != nil)  // divisible by 400
        #expect(LocalDate(year: 1900, month: 2, day: 29) == nil)  // divisible by 100 only
        #expect(LocalDate(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2026, month: 4, day: 31) == nil)
        #expect(LocalDate(year: 2026, month: 13, day: 1) == nil)
        #expect(LocalDate(year: 2026, month: 0, day: 1) == nil)
    }

    @Test func isoParsingIsStrict() {
        #expect(LocalDate(iso: "2026-02-30") == nil)
        #expect(LocalDate(iso: "2026-2-03") == nil)
        #expect(LocalDate(iso: "2026-02-3") == nil)
        #expect(LocalDate(iso: "26-02-03") == nil)
        #expect(LocalDate(iso: "2026-02-03T00:00") == nil)
        #expect(LocalDate(iso: "２０２６-02-03") == nil)  // full-width digits
        #expect(LocalDate(iso: "") == nil)
        #expect(LocalDate(iso: "2026-02-28") == LocalDate(daysSinceEpoch: 20_512))
        #expect(LocalDate(iso: "2024-02-29")?.iso == "2024-02-29")
    }

    @Test func epochAndWeekdays() throws {
        #expect(LocalDate(year: 1970, month: 1, day: 1)?.daysSinceEpoch == 0)
        #expect(LocalDate(year: 2000, month: 1, day: 1)?.daysSinceEpoch == 10_957)
        #expect(LocalDate(daysSinceEpoch: 0).weekdayIndex == 3)  // Thursday
        #expect(LocalDate(daysSinceEpoch: -1).weekdayIndex == 2)  // Wed 1969-12-31
        #expect(try date("2000-01-01").weekdayIndex == 5)  // Saturday
        #expect(try date("2026-03-14").weekdayIndex == 5)  // Saturday
        #expect(try date("2026-03-16").weekdayIndex == 0)  // Monday
        #expect(try date("2026-03-14").longLabel == "Sat 14 Mar 2026")
        #expect(LocalDate(daysSinceEpoch: -1).iso == "1969-12-31")
    }

    @Test func civilRoundTrip() {
        for days in stride(from: -719_162, through: 2_932_896, by: 997) {
            let d = LocalDate(daysSinceEpoch: days)
            let c = d.components
            #expect(LocalDate(year: c.year, month: c.month, day: c.day) == d)
        }
    }

    @Test func ageInWholeYears() throws {
        let born = try date("1990-06-15")
        #expect(born.years(until: try date("2026-06-14")) == 35)
        #expect(born.years(until: try date("2026-06-15")) == 36)
        // A leap-day birthday counts from 1 March in common years.
        let leap = try date("2000-02-29")
        #expect(leap.years(until: try date("2026-02-28")) == 25)
        #expect(leap.years(until: try date("2026-03-01")) == 26)
        #expect(leap.years(until: try date("2028-02-29")) == 28)
    }

    @Test func arithmeticAndRanges() throws {
        let d = try date("2026-02-27")
        #expect(d.adding(days: 2).iso == "2026-03-01")
        #expect(d.days(until: try date("2026-03-01")) == 2)
        let week = DateRange(ending: try date("2026-03-14"), days: 7)
        #expect(week.start.iso == "2026-03-08")
        #expect(week.dayCount == 7)
        #expect(week.days.count == 7)
        #expect(DateRange(start: try date("2026-03-14"), end: try date("2026-03-10")).start.iso == "2026-03-10")
    }

    @Test func fromInstantUsesTheTimeZone() throws {
        let epoch = Date(timeIntervalSince1970: 0)
        #expect(LocalDate(epoch, timeZone: try #require(TimeZone(identifier: "UTC"))).iso == "1970-01-01")
        #expect(LocalDate(epoch, timeZone: try #require(TimeZone(secondsFromGMT: -5 * 3600))).iso == "1969-12-31")
        #expect(FixedClock(day: try date("2026-03-14")).today.iso == "2026-03-14")
    }

    @Test func codableAsISOString() throws {
        let data = try JSONEncoder().encode([try date("2026-03-14")])
        #expect(String(decoding: data, as: UTF8.self) == "[\"2026-03-14\"]")
        #expect(try JSONDecoder().decode([LocalDate].self, from: data) == [try date("2026-03-14")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LocalDate].self, from: Data("[\"2026-02-30\"]".utf8)) }
    }

    @Test func clockTimeParsing() {
        #expect(ClockTime(parsing: "7:05")?.minutesAfterMidnight == 425)
        #expect(ClockTime(parsing: "23:59")?.description == "23:59")
        #expect(ClockTime(parsing: "24:00") == nil)
        #expect(ClockTime(parsing: "12:60") == nil)
        #expect(ClockTime(parsing: "1230") == nil)
        #expect(ClockTime(parsing: "12:5") == nil)
    }
}

@Suite struct UnitsTests {
    @Test func conversionsAndRoundTrips() {
        #expect(Units.poundsToKg(1) == 0.45359237)
        #expect(isClose(Units.kgToPounds(100), 220.46226218, tolerance: 1e-8))
        #expect(isClose(Units.feetInchesToCm(feet: 5, inches: 10), 177.8))
        #expect(isClose(Units.kcalToKJ(100), 418.4))
        #expect(isClose(Units.kJToKcal(418.4), 100))
        for kg in [0.5, 20, 72.4, 400] {
            #expect(isClose(Units.poundsToKg(Units.kgToPounds(kg)), kg, tolerance: 1e-12))
            #expect(isClose(Units.kJToKcal(Units.kcalToKJ(kg)), kg, tolerance: 1e-12))
        }
        for cm in [100.0, 177.8, 178, 250] {
            let fi = Units.cmToFeetInches(cm)
            #expect(isClose(Units.feetInchesToCm(feet: Double(fi.feet), inches: fi.inches), cm, tolerance: 1e-9))
        }
        let h = Units.cmToFeetInches(178)
        #expect(h.feet == 5)
        #expect(isClose(h.inches, 70.07874015748 - 60, tolerance: 1e-9))
    }

    @Test func formatting() {
        let metric = UnitFormatter(.metric), imperial = UnitFormatter(.imperial)
        #expect(metric.mass(72.4) == "72.4 kg")
        #expect(imperial.mass(72.4) == "159.6 lb")  // 72.4 / 0.45359237 = 159.61
        #expect(metric.height(178) == "178 cm")
        #expect(imperial.height(178) == "5 ft 10 in")
        #expect(imperial.height(182.8) == "6 ft 0 in")  // 71.97 in rounds to 72
        #expect(metric.massChange(-0.5) == "−0.5 kg")
        #expect(metric.massChange(0.44) == "+0.4 kg")
        #expect(metric.massChange(-0.01) == "0.0 kg")
        #expect(metric.mass(.nan) == "–")
        #expect(metric.energy(2100.4) == "2100 kcal")
        #expect(imperial.massUnit == "lb")
    }

    @Test func parsingMass() throws {
        #expect(try UnitParser.massKg("72.5", defaultSystem: .metric) == 72.5)
        #expect(try UnitParser.massKg(" 72,5 kg ", defaultSystem: .metric) == 72.5)
        #expect(isClose(try UnitParser.massKg("160 lb", defaultSystem: .metric), 72.5747792, tolerance: 1e-7))
        #expect(isClose(try UnitParser.massKg("160lbs", defaultSystem: .metric), 72.5747792, tolerance: 1e-7))
        #expect(isClose(try UnitParser.massKg("160", defaultSystem: .imperial), 72.5747792, tolerance: 1e-7))
        #expect(try UnitParser.massKg("72 KG", defaultSystem: .imperial) == 72)
        #expect(UnitParser.parseMassKg("abc", defaultSystem: .metric) == nil)
        #expect(throws: UnitParseError.empty) { try UnitParser.massKg("  ", defaultSystem: .metric) }
        for junk in ["abc", "NaN", "inf", "1.2.3", "-"] {
            #expect(throws: UnitParseError.notANumber, "\(junk)") { try UnitParser.massKg(junk, defaultSystem: .metric) }
        }
        for scientific in ["1e9", "2.5E-3"] {
            #expect(throws: UnitParseError.malformed, "\(scientific)") { try UnitParser.massKg(scientific, defaultSystem: .metric) }
        }
        #expect(throws: UnitParseError.unknownUnit("xyz")) { try UnitParser.massKg("160 xyz", defaultSystem: .metric) }
        #expect(throws: UnitParseError.malformed) { try UnitParser.massKg("72 kg 3", defaultSystem: .metric) }
    }

    @Test func parsingHeight() throws {
        let cases: [(String, UnitSystem, Double)] = [
            ("178", .metric, 178), ("178 cm", .imperial, 178), ("1.78 m", .metric, 178),
            ("5'10\"", .metric, 177.8), ("5' 10", .imperial, 177.8), ("5 ft 10", .metric, 177.8),
            ("5ft10in", .metric, 177.8), ("5 feet 10 inches", .metric, 177.8), ("5 10", .imperial, 177.8),
            ("5’10”", .imperial, 177.8), ("70 in", .metric, 177.8), ("70\"", .metric, 177.8),
            ("70", .imperial, 177.8), ("6 ft", .metric, 182.88), ("6'", .imperial, 182.88), ("5'0\"", .imperial, 152.4),
        ]
        for (text, system, cm) in cases {
            #expect(isClose(try UnitParser.heightCm(text, defaultSystem: system), cm, tolerance: 1e-9), "\(text)")
        }
        #expect(throws: UnitParseError.malformed) { try UnitParser.heightCm("5 10", defaultSystem: .metric) }
        #expect(throws: UnitParseError.malformed) { try UnitParser.heightCm("5'13\"", defaultSystem: .imperial) }
        #expect(throws: UnitParseError.malformed) { try UnitParser.heightCm("5.5'10", defaultSystem: .imperial) }
        #expect(throws: UnitParseError.malformed) { try UnitParser.heightCm("5' 10\" 3", defaultSystem: .imperial) }
        #expect(throws: UnitParseError.unknownUnit("yd")) { try UnitParser.heightCm("2 yd", defaultSystem: .imperial) }
        #expect(throws: UnitParseError.notANumber) { try UnitParser.heightCm("tall", defaultSystem: .imperial) }
        #expect(UnitParser.parseHeightCm("", defaultSystem: .metric) == nil)
    }
}
