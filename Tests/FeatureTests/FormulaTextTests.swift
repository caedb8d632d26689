import Foundation
import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import ExerciseFeature
import SettingsFeature

/// Issue 9, item 8: a formula on screen is shown in the units it computes in, so its arithmetic
/// can be checked by hand — in imperial too.
@MainActor
@Suite struct FormulaTextTests {
    func imperialDemo() throws -> TestDatabase {
        let db = try TestDatabase.demo()
        try db.useImperialUnits()
        return db
    }

    @Test func exerciseEstimateArithmeticAddsUpInImperial() throws {
        let db = try imperialDemo()
        let vm = FlowHost(ExerciseViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        vm.press(.char("a"))
        vm.type("cycling")
        vm.press(.enter)
        vm.type("30")
        for size in ContentSize.allCases {
            let text = render(vm, size).text
            // "Estimate  352 kcal  = (9.8 − 1) MET × 79.9 kg (176.1 lb) × 0.5 h"
            let pattern = #"(\d+) kcal  = \(([\d.]+) − 1\) MET × ([\d.]+) (kg|lb)[^×]* × ([\d.]+) h"#
            let line = try #require(text.split(separator: "\n").first { $0.contains("Estimate") }.map(String.init))
            let match = try #require(line.firstMatch(of: try Regex(pattern)), "\(line)")
            func number(_ i: Int) -> Double { Double(match.output[i].substring.map(String.init) ?? "") ?? .nan }
            let unit = match.output[4].substring.map(String.init)
            #expect(unit == "kg", "the formula computes in kilograms: \(line)")
            #expect(line.contains("lb)"), "with the user's pounds beside it: \(line)")
            let computed = (number(2) - 1) * number(3) * number(5)
            #expect(abs(computed - number(1)) <= 0.01 * number(1) + 1, "\(line) computes to \(computed)")
        }
    }

    @Test func goalProteinHintGivesTheConversionInImperial() throws {
        let db = try imperialDemo()
        let vm = FlowHost(
            SettingsViewModel(
                store: db.repositories, clock: db.clock, themeNames: ["mono"], themeProblems: [],
                databasePath: "/tmp/bodii.sqlite"))
        vm.didBecomeVisible()
        vm.press(.down, times: SettingsViewModel.Section.goal.rawValue)
        vm.press(.enter)
        // Focus the protein field: its hint shows beside it.
        vm.press(.tab, times: 4)
        let hint = render(vm, .large).text
        #expect(hint.contains("g/kg") && hint.contains("(1 kg = 2.2 lb)"), "\(hint)")
    }
}
