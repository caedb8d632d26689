import BodiiDomain
import BodiiStore
import BodyFeature
import Foundation
import Testing

/// Issue 47 item 1: Katch-McArdle with the Navy body-fat estimate, only when the person chooses it
/// (`bodii targets set --body-fat estimated`), on days with no logged body fat; a logged body fat
/// still wins, and `targets`, `today` and `today --json` read the one computation.
@Suite struct EstimatedBodyFatCLITests {
    let folder: TemporaryFolder
    let db: String
    static let day = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 0)

    /// A man of 40, 180 cm, 80 kg yesterday; waist 90 cm on the 19th, neck 40 cm on the 20th.
    /// Mifflin-St Jeor: 10·80 + 6.25·180 − 5·40 + 5 = 1730 kcal.
    /// Navy: 495 / (1.0324 − 0.19077·log10(50) + 0.15456·log10(180)) − 450 = 18.367 %;
    /// Katch-McArdle: 370 + 21.6 · 80 · (1 − 0.18367) = 1780.6 kcal.
    static let mifflin = 1730.0
    static let katchWithEstimate = 1780.6
    static let katchWithLogged25 = 370 + 21.6 * 60

    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("navy.sqlite")
        for arguments in [
            ["profile", "set", "--name", "Bo", "--sex", "male", "--birth-date", "1986-11-01", "--height", "180"],
            ["log", "weight", "80", "--date", "2026-11-21"],
            ["log", "measure", "waist", "90", "--date", "2026-11-19"],
            ["log", "measure", "neck", "40", "--date", "2026-11-20"],
            ["targets", "set", "--kcal", "formula"],
        ] {
            let out = try bodii(arguments)
            try #require(out.status == 0, "\(arguments): \(out.stderr)")
        }
    }

    func bodii(_ arguments: [String]) throws -> CommandResult {
        try runBodii(arguments + ["--db", db], environment: ["BODII_NOW": "\(Self.day.iso)T21:00:00Z"])
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let out = try bodii(arguments)
        try #require(out.status == 0, "\(arguments): \(out.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any], "\(out.stdout)")
    }

    func number(_ any: Any?) -> Double? { (any as? Double) ?? (any as? Int).map(Double.init) }

    /// today --json's calories and targets --json, which must agree on the BMR and the target.
    func figures() throws -> (bmr: Double, tdee: Double, target: Double, source: String?) {
        let today = try #require(try json(["today", "--json"])["calories"] as? [String: Any])
        let targets = try json(["targets", "--json"])
        let bmr = try #require(number(today["bmr"]), "\(today)")
        #expect(number(targets["bmr"]) == bmr, "targets and today agree on the BMR")
        #expect(number(targets["target_kcal"]) == number(today["target"]), "and on the target")
        #expect(targets["bmr_body_fat"] as? String == today["bmr_body_fat"] as? String)
        return (bmr, try #require(number(today["tdee"])), try #require(number(today["target"])), today["bmr_body_fat"] as? String)
    }

    @Test func theEstimateIsUsedOnlyWhenChosenAndALoggedBodyFatWins() throws {
        let off = try figures()
        #expect(off.bmr == Self.mifflin && off.source == nil, "off by default: Mifflin-St Jeor")
        let factor = off.tdee / off.bmr
        #expect(off.target == (off.tdee).rounded(), "the formula target of a maintain goal is its TDEE")

        let set = try json(["targets", "set", "--body-fat", "estimated", "--json"])
        #expect(set["body_fat_source"] as? String == "estimated")
        let on = try figures()
        #expect(on.source == "estimated")
        #expect(abs(on.bmr - Self.katchWithEstimate) < 0.5, "Katch-McArdle with the Navy 18.4 %: \(on.bmr)")
        #expect(abs(on.tdee - on.bmr * factor) < 0.5, "the same activity factor")
        #expect(on.target == (Self.katchWithEstimate * factor).rounded(), "the day's target starts from it")
        let text = try bodii(["today"]).stdout
        #expect(text.contains("Katch-McArdle, estimated body fat 18.4 % from 20 Nov"), "\(text)")
        #expect(try bodii(["targets"]).stdout.contains("Katch-McArdle, estimated body fat 18.4 % from 20 Nov"))
        let report = try bodii(["report"])
        #expect(report.status == 0, "\(report.stderr)")
        let bmrLine = report.stdout.split(separator: "\n").first { $0.contains("BMR") && $0.contains("Navy") || $0.contains("estimated body fat") }
        #expect(bmrLine?.contains("\(WholeNumber.text(on.bmr)) kcal  (Katch-McArdle, estimated body fat 18.4 % from 20 Nov)") == true, "\(report.stdout)")

        // A new tape measure moves it: 95 cm waist → a higher estimate, a lower BMR.
        #expect(try bodii(["log", "measure", "waist", "95", "--date", "2026-11-21"]).status == 0)
        let wider = try figures()
        #expect(wider.source == "estimated" && wider.bmr < on.bmr, "\(wider.bmr)")

        // Switched back off: Mifflin-St Jeor again, though the estimate is there.
        #expect(try bodii(["targets", "set", "--body-fat", "logged"]).status == 0)
        #expect(try figures().bmr == Self.mifflin)

        // A logged body fat wins over the estimate.
        #expect(try bodii(["targets", "set", "--body-fat", "estimated"]).status == 0)
        #expect(try bodii(["log", "weight", "80", "--fat", "25", "--date", "2026-11-21"]).status == 0)
        let logged = try figures()
        #expect(logged.source == "logged" && abs(logged.bmr - Self.katchWithLogged25) < 0.5, "\(logged.bmr)")
    }

    /// The Body tab's Metabolism card reads the same BMR and says which estimate it used.
    @MainActor @Test func theBodyTabShowsTheSameBMR() throws {
        #expect(try bodii(["targets", "set", "--body-fat", "estimated"]).status == 0)
        let bmr = try figures().bmr
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        let vm = BodyViewModel(source: database.repositories, clock: ConsistencyTests.clock(Self.day))
        vm.didBecomeVisible()
        let text = ConsistencyTests.render(vm)
        #expect(ConsistencyTests.ints(in: text, after: "BMR ").first == Int(bmr.rounded()), "\(text)")
        #expect(text.contains("est. body fat 18.4 %") && text.contains("(Navy, 20 Nov)"), "\(text)")
    }

    /// The choice travels with the goal in the export, and the imported file reads the same BMR.
    @Test func theChoiceSurvivesExportAndImport() throws {
        #expect(try bodii(["targets", "set", "--body-fat", "estimated"]).status == 0)
        let bmr = try figures().bmr
        let file = folder.path("export.json")
        let export = try bodii(["export", "--out", file])
        #expect(export.status == 0, "\(export.stderr)")
        let copy = folder.path("copy.sqlite")
        let imported = try runBodii(["import", "bodii", file, "--db", copy], environment: ["BODII_NOW": "\(Self.day.iso)T21:00:00Z"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let shown = try runBodii(["targets", "--json", "--db", copy], environment: ["BODII_NOW": "\(Self.day.iso)T21:00:00Z"])
        let targets = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any], "\(shown.stderr)")
        #expect(targets["body_fat_source"] as? String == "estimated")
        #expect(number(targets["bmr"]) == bmr && targets["bmr_body_fat"] as? String == "estimated")
    }

    @Test func aBadValueIsRefusedInOneLine() throws {
        let kept = try bodii(["targets", "--json"]).stdout
        let out = try bodii(["targets", "set", "--body-fat", "guessed"])
        #expect(out.status == 65, "\(out.stderr)")
        #expect(out.stderr.contains("body fat \"guessed\" is unknown: allowed logged"), "\(out.stderr)")
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
        #expect(try bodii(["targets", "--json"]).stdout == kept, "nothing written")
    }
}
