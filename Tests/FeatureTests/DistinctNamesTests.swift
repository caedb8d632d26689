import Testing
import TerminalKit
@testable import DietFeature

/// Rows of the search list that can be told apart (issue 15).
@Suite struct DistinctNamesTests {
    let chicken = [
        "Chicken, broilers or fryers, breast, meat only, cooked, roasted",
        "Chicken, broilers or fryers, breast, meat only, cooked, fried",
        "Chicken, broilers or fryers, breast, meat only, cooked, stewed",
        "Bananas, raw",
    ]

    @Test func sharedPartsAreDroppedUntilWhatDiffersFits() {
        let shown = DistinctNames.shorten(chicken, width: 40)
        #expect(shown[0] == "Chicken, …, meat only, cooked, roasted")
        #expect(shown[1] == "Chicken, …, meat only, cooked, fried")
        #expect(shown[2] == "Chicken, …, meat only, cooked, stewed")
        #expect(shown[3] == "Bananas, raw")
        #expect(DistinctNames.shorten(chicken, width: 40, ellipsis: "...")[0] == "Chicken, ..., meat only, cooked, roasted")
    }

    @Test func namesThatFitOrShareOnlyTheHeadStayAsTheyAre() {
        #expect(DistinctNames.shorten(chicken, width: 80) == chicken)
        let heads = ["Cheese, cheddar, sharp, sliced, a long name", "Cheese, cream, whipped, a long name too"]
        #expect(DistinctNames.shorten(heads, width: 20) == heads)
    }

    @Test func namesShortenedAlikeKeepWhatTellsThemApart() {
        let rice = [
            "Rice, white, short-grain, cooked", "Rice, white, medium-grain, cooked",
            "Rice, white, short-grain, cooked, unenriched", "Rice, white, medium-grain, cooked, unenriched",
        ]
        let shown = DistinctNames.shorten(rice, width: 36, ellipsis: "~")
        #expect(
            shown == [
                "Rice, white, short-grain, cooked", "Rice, white, medium-grain, cooked",
                "Rice, ~, short-grain, ~, unenriched", "Rice, ~, medium-grain, ~, unenriched",
            ])
        // Two ways apart at once: regular or instant, 2 % or whole milk.
        let pudding = [
            "Puddings, banana, dry mix, regular, prepared with 2% milk", "Puddings, banana, dry mix, regular, prepared with whole milk",
            "Puddings, banana, dry mix, instant, prepared with 2% milk", "Puddings, banana, dry mix, instant, prepared with whole milk",
        ]
        #expect(
            DistinctNames.shorten(pudding, width: 44) == [
                // Cut here to the width, as the table showed them, so nothing cuts them again.
                "Puddings, …, regular, prepared with 2% milk", "Puddings, …, regular, prepared with whole m…",
                "Puddings, …, instant, prepared with 2% milk", "Puddings, …, instant, prepared with whole m…",
            ])
    }

    @Test func theSameFoodTwiceReadsTheSameAndOtherFoodsApart() {
        // The history lists one food many times: those rows alike are fine, another food is not.
        let breast = "Chicken, broilers or fryers, breast, meat only, cooked, roasted"
        let thigh = "Chicken, broilers or fryers, thigh, meat only, cooked, roasted"
        let shown = DistinctNames.shorten([breast, breast, thigh, thigh], width: 38)
        #expect(shown[0] == shown[1] && shown[2] == shown[3])
        #expect(TextWidth.truncate(shown[0], to: 38) != TextWidth.truncate(shown[2], to: 38), "\(shown)")
        // One food only (a history of oats): nothing to tell apart, so the name keeps its words —
        // "Cereals, …, not fortified, dry" would hide the very word searched for.
        let oats = "Cereals, oats, regular and quick, not fortified, dry"
        #expect(DistinctNames.shorten([oats, oats, oats], width: 40) == [oats, oats, oats])
    }

    /// The "greek yog" search at 80×24 (a 36-cell column): a name shortened here fits its row, so
    /// the table never cuts it again, and no mark follows another (issue 26: "Yogurt, ……, fortified
    /// with vitamin D", "Yogurt, …, low fat, 12 grams protei…").
    @Test(arguments: ["…", "~"]) func aShortenedNameIsCutOnceWithOneMark(ellipsis: String) {
        let yogurts = [
            "Yogurt, Greek, plain, nonfat", "Yogurt, Greek, plain, lowfat",
            "Yogurt, plain, low fat, 12 grams protein per 8 ounce", "Yogurt, plain, whole milk, 8 grams protein per 8 ounce",
            "Yogurt, fruit, low fat, 9 grams protein per 8 ounce", "Yogurt, plain, skim milk, 13 grams protein per 8 ounce",
            "Yogurt, fruit, low fat, 10 grams protein per 8 ounce", "Yogurt, fruit variety, nonfat, fortified with vitamin D",
            "Yogurt, fruit, lowfat, with low calorie sweetener, fortified with vitamin D",
            "Yogurt, chocolate, nonfat milk, fortified with vitamin D",
            "Yogurt, fruit, low fat, 9 grams protein per 8 ounce, fortified with vitamin D",
            "Yogurt, fruit, low fat, 11 grams protein per 8 ounce",
            "Yogurt, vanilla, low fat, 11 grams protein per 8 ounce, fortified with vitamin D",
            "Yogurt, vanilla or lemon flavor, nonfat milk, sweetened with low-calorie sweetener, fortified with vitamin D",
        ]
        let shown = DistinctNames.shorten(yogurts, width: 36, ellipsis: ellipsis)
        for (name, row) in zip(yogurts, shown) where row != name {
            #expect(TextWidth.of(row) <= 36, "\(row) is cut again by the table")
            #expect(!row.contains(ellipsis + ellipsis) && !row.contains(ellipsis + ", " + ellipsis) && !row.contains(" " + ellipsis + ellipsis), "\(row)")
            #expect(!row.hasSuffix(" " + ellipsis) && !row.hasSuffix("," + ellipsis), "\(row)")
        }
        #expect(shown[2] == "Yogurt, \(ellipsis), low fat, 12 grams protei\(ellipsis)")
        #expect(shown[10] == "Yogurt, \(ellipsis), fortified with vitamin D")
    }
}
