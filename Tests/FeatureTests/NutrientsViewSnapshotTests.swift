import Foundation
import Testing
import SnapshotTesting
import BodiiDomain
import TerminalKit
@testable import DietFeature

/// The Nutrients view (issue 27) drawn from plain `NutrientIntake` values: a day with gaps, an
/// excess and partial data, at 80×24 and 120×40 terminals, in Unicode and in ASCII.
@MainActor
@Suite struct NutrientsViewSnapshotTests {
    let day = LocalDate(year: 2026, month: 11, day: 25) ?? LocalDate(daysSinceEpoch: 0)

    var report: NutrientReport {
        var intake = NutrientIntake()
        // A banana (118 g, SR24: 10.3 mg vitamin C, 422 mg potassium) and a salty soup whose
        // vitamins are unknown.
        intake.add([
            .vitaminCMg: 10.3, .potassiumMg: 422, .fiberG: 3.1, .sugarsG: 14.4, .sodiumMg: 1, .calciumMg: 5.9, .ironMg: 0.31,
            .magnesiumMg: 31.9, .vitaminB6Mg: 0.43, .folateUg: 23.6, .waterG: 88.4, .vitaminAUg: 3.5,
        ])
        intake.add([.sodiumMg: 2600, .potassiumMg: 300, .fiberG: 2, .saturatedFatG: 4, .waterG: 400, .ironMg: 1.5])
        let targets = NutrientTargetSet.resolve(
            sex: .female, age: 34, kcal: 1900, preferences: [.alcoholG: NutrientPreference(key: .alcoholG, hidden: true)])
        return NutrientReport(span: .day, range: DateRange(start: day, end: day), intakes: [day: intake], targets: targets)
    }

    /// The content area the shell gives a flow: the terminal less the tab bar, status and footer.
    func text(width: Int, height: Int, selected: Int = 0, ascii: Bool = false) -> String {
        let context = RenderContext(theme: .fallback, symbols: ascii ? .ascii : .unicode)
        var buffer = Buffer(width: width, height: height - 3, for: context)
        NutrientsView(report: report, day: day, today: day, selected: selected).render(
            in: buffer.area, buffer: &buffer, context: context)
        return buffer.text
    }

    @Test func at80x24() {
        assertSnapshot(of: text(width: 80, height: 24), as: .lines, named: "80x24")
        assertSnapshot(of: text(width: 80, height: 24, ascii: true), as: .lines, named: "80x24-ascii")
    }

    @Test func at120x40() {
        assertSnapshot(of: text(width: 120, height: 40, selected: 10), as: .lines, named: "120x40")
    }

    @Test func everyShownNutrientFitsAt80x24AndHiddenOnesAreLeftOut() {
        let page = text(width: 80, height: 24, selected: 33)
        for key in NutrientKey.allCases where key != .alcoholG {
            #expect(page.contains(String(key.label.prefix(11))), "\(key)")
        }
        #expect(!page.contains("Alcohol"))
    }

    @Test func theRowsSayWhatIsKnown() {
        let screen = text(width: 120, height: 40)
        // Vitamin C: one food knew it, the other did not: a lower bound.
        #expect(screen.contains("≥ 10/75 mg"))
        #expect(screen.contains("2601/2300 mg"))
        #expect(screen.contains("— µg"))
    }

    /// Issue 26: the labels were cut at 12 cells even at 160 columns ("Monounsatur…", "B2
    /// Riboflav…"). A wide screen shows every name whole; 80 columns still fit every row.
    @Test func longNamesAreWholeAt160ColumnsAndStillFitAt80() {
        let wide = text(width: 160, height: 48)
        for name in ["Monounsaturated fat", "Polyunsaturated fat", "B2 Riboflavin", "B5 Pantothenic acid", "Saturated fat"] {
            #expect(wide.contains(name + " "), "\(name)\n\(wide)")
        }
        #expect(!wide.contains("…"), "\(wide)")
        let narrow = text(width: 80, height: 24)
        #expect(narrow.contains("Monounsatur… "), "\(narrow)")
        #expect(narrow.split(separator: "\n").allSatisfy { TextWidth.of($0) <= 80 }, "\(narrow)")
        // The label column grows with the room and never past the longest name and a space.
        let labels = NutrientKey.allCases.map(\.label)
        #expect(NutrientsView.labelWidth(labels: labels, columnWidth: 37) == 13)
        #expect(NutrientsView.labelWidth(labels: labels, columnWidth: 77) == 20)
    }
}
