import Foundation
import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import DietFeature

/// Issue 25 #8: where two screens (or a preview and the choice it previews) show one figure, they
/// compute it once.
@MainActor
@Suite struct OneComputationTests {
    /// The food search's preview names the serving Enter then preselects: both follow the food's
    /// history (the preview used to ignore it and show "1 medium" for a food last eaten by the cup).
    @Test func theServingPreviewIsTheServingChosen() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let banana = try #require(try db.repositories.food(id: FoodID("usda:09040")))
        let other = try #require(banana.servings.first { !$0.label.lowercased().hasPrefix("1 medium") })
        let yesterday = TestDay.fixed.adding(days: -1)
        _ = try db.repositories.addFoodRecord(
            FoodLogging.record(
                food: banana, grams: FoodLogging.grams(2, of: other), meal: .breakfast,
                date: yesterday, loggedAt: db.clock.now.addingTimeInterval(-86_400)))
        let vm = FlowHost(DietViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        _ = vm.handle(.char("a"))
        for ch in "bana" { _ = vm.handle(.char(ch)) }
        #expect(vm.search?.preview?.id == banana.id)
        let previewed = try #require(vm.search?.shownAmount)
        let previewedGrams = vm.search?.shownGrams
        _ = vm.handle(.enter)
        let chosen = try #require(vm.search?.serving)
        #expect(chosen.serving == other)
        // The preview shows the portion Enter logs (issue 41: one default): two of that serving.
        let grams = FoodLogging.grams(2, of: other)
        #expect(previewed == UsualPortion.portion(for: banana, lastGrams: grams).label, "the preview shows what Enter logs")
        #expect(previewedGrams == grams)
        _ = vm.handle(.enter)
        #expect(vm.search?.amount.text == "2", "the amount field starts at the last amount")
    }

    /// "Left" on the dashboard, in the report and on the CLI is `DayTargets.leftLabel`.
    @Test func leftIsLabelledOneWay() {
        let basis = ExpenditureBasis(kcalPerDay: 2500, source: .formula, adaptiveDays: 0)
        let plain = DayTargets.derive(goal: nil, basis: basis, weightKg: 80)
        var withExercise = plain
        withExercise.addsExerciseBack = true
        #expect(plain.leftLabel == DayTargets.leftWord)
        #expect(plain.leftQualifier == nil)
        #expect(withExercise.leftLabel == "Left incl. exercise")
        #expect(withExercise.leftLabel == DayTargets.leftWord + " " + (withExercise.leftQualifier ?? ""))
    }
}
