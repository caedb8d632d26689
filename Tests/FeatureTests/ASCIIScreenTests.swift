import Foundation
import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import DashboardFeature
import BodyFeature
import DietFeature
import ExerciseFeature
import SleepFeature
import SettingsFeature

/// Issue 9, item 9: in ASCII mode (a non-UTF-8 locale or `--ascii`) every screen is pure ASCII —
/// minus signs, key hints and charts included — in imperial units, where minus signs vanished.
@MainActor
@Suite struct ASCIIScreenTests {
    static let ascii = RenderContext(theme: .fallback.colorless, symbols: .ascii)

    func nonASCII(_ buffer: Buffer) -> [String] {
        buffer.lines.enumerated().compactMap { i, line in line.utf8.allSatisfy { $0 < 0x80 } ? nil : "row \(i): \(line)" }
    }

    @Test func everyTabAndItsHelpAtBothSizes() throws {
        let db = try TestDatabase.demo(days: 120, meals: true)
        try db.useImperialUnits()
        let weight = try #require(try db.repositories.latestBodyRecord(onOrBefore: TestDay.fixed)?.weightKg)
        try db.repositories.saveActiveGoal(ProfileSetup.goal(.lose, tdee: 2600, weightKg: weight, on: TestDay.fixed.adding(days: -30)))
        let settings = SettingsViewModel(
            store: db.repositories, clock: db.clock, themeNames: ["mono"], themeProblems: [],
            databasePath: "/tmp/bodii.sqlite")
        let tabs: [any TabScreen] = [
            DashboardViewModel(source: db.repositories, clock: db.clock), BodyViewModel(source: db.repositories, clock: db.clock),
            DietViewModel(source: db.repositories, clock: db.clock), ExerciseViewModel(source: db.repositories, clock: db.clock),
            SleepViewModel(source: db.repositories, clock: db.clock), settings,
        ]
        for tab in tabs {
            tab.didBecomeVisible()
            for size in ContentSize.allCases {
                let screen = render(tab, size, context: Self.ascii)
                #expect(nonASCII(screen).isEmpty, "\(tab.title) at \(size.name): \(nonASCII(screen))")
                let help = render(HelpScreen(keyMaps: [tab.keyMap]), size, context: Self.ascii)
                #expect(nonASCII(help).isEmpty, "\(tab.title) help: \(nonASCII(help))")
                var footer = Buffer(width: size.width, height: 1, for: Self.ascii)
                Footer(tab.keyMap.footer).render(in: footer.area, buffer: &footer, context: Self.ascii)
                #expect(nonASCII(footer).isEmpty && !footer.text.contains(" /  "), "\(tab.title) footer: \(footer.text)")
            }
        }
        // The goal's weekly rate keeps its minus sign: "Lose -1.1 lb/wk".
        let dashboard = render(tabs[0], .large, context: Self.ascii).text
        #expect(dashboard.range(of: #"-\d+\.\d lb/wk"#, options: .regularExpression) != nil, "\(dashboard)")
    }
}
