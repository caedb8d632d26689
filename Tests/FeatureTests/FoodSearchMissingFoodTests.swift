import Foundation
import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import DietFeature

/// A query for a food the catalog lacks (issue 24 #4): the list says its foods are only the
/// closest and offers Ctrl-O, which makes a custom food named as typed. On a real database with
/// the shipped catalog.
@MainActor
@Suite struct FoodSearchMissingFoodTests {
    let db: TestDatabase
    let vm: FlowHost<DietViewModel>

    init() throws {
        db = try TestDatabase(profile: DemoHistory.profile)
        vm = FlowHost(DietViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
    }

    /// The list's title line (under the search field).
    private func title() -> String? {
        render(vm, .small).lines.first { $0.contains("match") || $0.contains("Closest") }
    }

    @Test func aMissingFoodShowsTheClosestAndOffersCtrlO() throws {
        vm.press(.char("a"))
        vm.type(Self.missing)
        let search = try #require(vm.search)
        #expect(!search.answersQuery)
        #expect(!search.results.isEmpty, "the closest foods are listed")
        #expect(title()?.contains("Closest foods; Ctrl-O: new custom food") == true, "\(render(vm, .small).text)")
        vm.press(.ctrl("o"))
        #expect(vm.isEditingCustomFood)
        vm.press(.escape)
        #expect(vm.search?.query.text == Self.missing)
    }

    @Test func aFoundFoodAndAnEmptyListKeepTheirTitles() throws {
        vm.press(.char("a"))
        vm.type("greek yogurt")
        #expect(vm.search?.answersQuery == true)
        #expect(vm.search?.results.first?.id == FoodID("sr28:01256"))
        #expect(title()?.contains("Best ") == true || title()?.contains("matches") == true)
        #expect(title()?.contains("Ctrl-O") == false)
        vm.press(.ctrl("u"))
        vm.type("zqx flapjack")
        #expect(vm.search?.results.isEmpty == true)
        #expect(title()?.contains("No food matches; Ctrl-O: new custom food") == true)
    }

    /// Where SR24's foods say "USDA SR 24", a supplement food names its database and record,
    /// whole even in the narrow panel of an 80-column terminal.
    @Test func aSupplementFoodsDetailNamesItsRecord() throws {
        vm.press(.char("a"))
        vm.type("oat milk")
        #expect(vm.search?.results.first?.id == FoodID("fdc:2257046"))
        let text = render(vm, .small).text
        #expect(text.contains("USDA FoodData Central") && text.contains("Foundation, FDC 2257046"), "\(text)")
        vm.press(.ctrl("u"))
        vm.type("banana")
        #expect(render(vm, .small).text.contains("USDA SR 24"))
    }

    /// A food SR24 and the supplement lack, written with a word that names it: "tempeh" is in the
    /// catalog, "bacon" is too, "tempeh bacon" is no food of either.
    static let missing = "tempeh bacon"

    /// A line's part whose number is no amount ("0 g bread") is listed as a bad amount, not as a
    /// food not found, and Enter logs the other parts only (it logged a 28 g slice before).
    @Test func aBadAmountInALineIsSaidAndNotLogged() throws {
        vm.press(.char("a"))
        vm.type("2 eggs, 0 g bread")
        let line = try #require(vm.search?.line)
        #expect(line.entries.map(\.food.id.rawValue) == ["usda:01123"] && line.unmatched == ["0 g bread"])
        let text = render(vm, .small).text
        #expect(text.contains("bad amount") && text.contains("0 g bread") && !text.contains("not found"), "\(text)")
        #expect(text.contains("Enter logs 1 food"), "\(text)")
    }
}
