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

    /// Issue 41: the parts not logged are listed where they were typed, each with why, and the
    /// status after Enter says "not logged" with the reason per part — it said "not found: 0 g
    /// bread" of a part that names a food, and listed every part not logged after the logged ones.
    @Test func partsNotLoggedKeepTheirPlaceAndTheirReason() throws {
        vm.press(.char("a"))
        vm.type("0 g bread, 2 eggs, zzqx vvkw, banana")
        let line = try #require(vm.search?.line)
        #expect(line.entries.count == 2 && line.unmatched == ["0 g bread", "zzqx vvkw"])
        #expect(line.misses.map(\.kind) == [.badAmount, .notFound])
        // The list's rows, below its header (the query above them holds the same words).
        let screen = render(vm, .small).text.split(separator: "\n").map(String.init)
        let rows = Array(screen.drop { !($0.contains("Amount") && $0.contains("kcal")) })
        let at = ["0 g bread", "Egg", "zzqx vvkw", "Banana"].map { word in rows.firstIndex { $0.contains(word) } ?? -1 }
        #expect(!at.contains(-1) && at == at.sorted(), "rows out of typed order: \(at)\n\(rows.joined(separator: "\n"))")
        vm.press(.enter)
        let status = vm.status?.text ?? ""
        #expect(status.contains("not logged: 0 g bread (bad amount), zzqx vvkw (not found)"), "\(status)")
        #expect(!status.contains("not found:"), "\(status)")
    }
}
