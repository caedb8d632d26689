@testable import BodiiDocument
import BodiiDomain
import Foundation
import Testing

/// A fast exported while it was on, then again once it ended (issue 46): importing the later
/// export gives the imported fast its end — only that, and never reopens a fast that has one.
@Suite struct FastEndImportTests {
    static let start = "2026-11-21T19:00:00+00:00", end = "2026-11-22T13:00:00+00:00"

    static func fast(_ db: String, _ words: [String], at now: String) throws {
        let r = try runBodii(["fast"] + words + ["--db", db], environment: ["BODII_NOW": now, "TZ": "UTC"])
        try #require(r.status == 0, "\(words): \(r.stderr)")
    }

    static func export(_ db: String, to path: String) throws {
        try #require(try runBodii(["export", "--out", path, "--db", db]).status == 0)
    }

    /// The "fasts" list of `db`'s export.
    static func fasts(_ db: String) throws -> String {
        let r = try runBodii(["export", "--db", db])
        try #require(r.status == 0)
        let lines = r.stdout.components(separatedBy: "\n")
        let from = try #require(lines.firstIndex { $0.hasPrefix("  \"fasts\": ") })
        let to = try #require(lines[from...].firstIndex { $0.hasPrefix("  ]") || $0.hasSuffix("[],") })
        return lines[from...to].joined(separator: "\n")
    }

    static func imported(_ file: String, into db: String) throws -> String {
        let r = try runBodii(["import", "bodii", file, "--db", db])
        try #require(r.status == 0, "\(r.stderr)")
        return r.stdout
    }

    @Test func aLaterExportGivesTheImportedFastItsEnd() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        let on = folder.path("on.json"), ended = folder.path("ended.json")
        try Self.fast(a, ["start", "--goal", "18"], at: Self.start)
        try Self.export(a, to: on)
        #expect(try Self.imported(on, into: b).contains("fasts 1 added, 0 already there"))
        try Self.fast(a, ["end"], at: Self.end)
        try Self.export(a, to: ended)

        let later = try Self.imported(ended, into: b)
        #expect(later.contains("fasts 0 added, 0 already there, 1 updated"), "\(later)")
        #expect(try Self.fasts(b) == Self.fasts(a))
        #expect(
            try Self.fasts(b).contains(#""ended_at":"2026-11-22T13:00:00.000Z","goal_hours":18,"source":"bodii","external_id":"fast/1""#))
        // No fast is on there any more.
        let status = try runBodii(["fast", "status", "--db", b], environment: ["BODII_NOW": Self.end, "TZ": "UTC"])
        #expect(status.stdout.hasPrefix("Not fasting."), "\(status.stdout)")

        // The older export again, here and at home: the end stays.
        #expect(try Self.imported(on, into: b).contains("fasts 0 added, 1 already there"))
        #expect(try Self.imported(on, into: a).contains("fasts 0 added, 1 already there"))
        #expect(try Self.fasts(b) == Self.fasts(a))
        #expect(try Self.fasts(a).contains(#""ended_at":"2026-11-22T13:00:00.000Z""#))
    }

    /// A fast ended here (after it was imported on) keeps its own end; the export's only fills one that has none.
    @Test func aFastEndedHereKeepsItsEnd() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        let on = folder.path("on.json"), ended = folder.path("ended.json")
        try Self.fast(a, ["start", "--goal", "18"], at: Self.start)
        try Self.export(a, to: on)
        _ = try Self.imported(on, into: b)
        try Self.fast(b, ["end"], at: "2026-11-22T10:00:00+00:00")
        try Self.fast(a, ["end"], at: Self.end)
        try Self.export(a, to: ended)
        let r = try Self.imported(ended, into: b)
        #expect(r.contains("fasts 0 added, 1 already there") && !r.contains("updated"), "\(r)")
        let fasts = try Self.fasts(b)
        #expect(fasts.contains(#""ended_at":"2026-11-22T10:00:00.000Z""#), "\(fasts)")
    }
}
