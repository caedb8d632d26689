import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Issue 47 item 3: moments typed as one line, kept on a real database.
@Suite struct MomentTests {
    /// 2026-12-06 12:30 UTC.
    static let now = Date(timeIntervalSince1970: 1_796_560_200)

    @Test func aLineIsWordsTagsAndAFeeling() throws {
        #expect(try MomentLine.parse("walk with Sam +social +outdoors 4/5") == MomentLine(text: "walk with Sam", tags: ["social", "outdoors"], feeling: 4))
        #expect(try MomentLine.parse("walk 4/5 +Social") == MomentLine(text: "walk", tags: ["social"], feeling: 4), "the end read either way round")
        #expect(try MomentLine.parse("lunch with +work people") == MomentLine(text: "lunch with people", tags: ["work"]))
        #expect(try MomentLine.parse("+social +social") == MomentLine(text: "", tags: ["social"]), "a tag once")
        #expect(try MomentLine.parse("1 + 1 is 2") == MomentLine(text: "1 + 1 is 2"), "a lone + is a word")
        #expect(try MomentLine.parse("scored 3/5 on the quiz") == MomentLine(text: "scored 3/5 on the quiz"), "only at the end is it a feeling")
    }

    @Test(arguments: [
        ("", ValidationError.Problem.empty), ("   ", .empty), ("tired 7/5", .outOfRange), ("x 0/5", .outOfRange),
        ("x +so!cial", .invalidFormat), ("bell \u{7}", .invalidCharacters), (String(repeating: "a", count: 201), .tooLong),
        ((1...11).map { "+t\($0)" }.joined(separator: " "), .outOfRange),
    ])
    func nonsenseIsRefusedInOneLine(line: String, problem: ValidationError.Problem) {
        #expect(throws: ValidationError.self) { try MomentLine.parse(line) }
        do { _ = try MomentLine.parse(line) } catch { #expect(error.problem == problem, "\(error.message)") }
    }

    @Test func momentsAreKeptWithTheirTimeAndReadBackByDayAndTag() throws {
        try withDatabase { _, repos in
            let logging = MomentLogging(store: repos, clock: FixedClock(now: Self.now))
            let walk = try logging.note(MomentLine.parse("walk with Sam +social +outdoors 4/5"))
            let coffee = try logging.note(MomentLine.parse("coffee +work"), at: Self.now.addingTimeInterval(-3 * 3600))
            let late = try logging.note(MomentLine.parse("film +social 2/5"), at: Self.now.addingTimeInterval(-13 * 3600))
            #expect(late.date == LocalDate(Self.now, timeZone: .gmt).adding(days: -1), "23:30 yesterday is yesterday's")
            let range = DateRange(ending: LocalDate(Self.now, timeZone: .gmt), days: 7)
            #expect(try repos.moments(in: range) == [late, coffee, walk], "in time order")
            #expect(try logging.moments(in: range, tag: "social") == [walk, late], "newest first, the tag's only")
            let days = MomentDay.days(try repos.moments(in: range))
            #expect(days.map(\.count) == [1, 2])
            #expect(days.last?.meanFeeling == 4 && days.last?.tags == ["work", "social", "outdoors"])
            #expect(throws: ValidationError.self) { try logging.note(MomentLine(text: "soon"), at: Self.now.addingTimeInterval(60)) }
            #expect(try repos.deleteMoment(id: try #require(walk.id)) == walk)
            #expect(try repos.moments(in: range).count == 2)
        }
    }

    @Test func theTableRefusesWhatNoLineCanBe() throws {
        try withDatabase { db, _ in
            for values in ["'', ''", "'x', ' padded '", "'x', 'a', 6"] {
                let columns = values.split(separator: ",").count == 3 ? "text, tags, feeling" : "text, tags"
                #expect(throws: (any Error).self) {
                    try db.pool.write { try $0.execute(sql: "INSERT INTO moment (date, at, \(columns)) VALUES ('2026-12-06', '2026-12-06 12:00:00', \(values))") }
                }
            }
        }
    }

    @Test func aStoredMomentSaysWhyItCannotBeOne() {
        let day = LocalDate(Self.now, timeZone: .gmt)
        #expect(Moment(date: day, at: Self.now, text: "walk", tags: ["social"], feeling: 4).problem == nil)
        #expect(Moment(date: day, at: Self.now, text: "").problem != nil)
        #expect(Moment(date: day, at: Self.now, text: "x", tags: ["Bad Tag"]).problem != nil)
        #expect(Moment(date: day, at: Self.now, text: "x", feeling: 9).problem != nil)
        #expect(Moment(date: day, at: Self.now, text: "x\u{1B}[2J").problem != nil)
    }
}
