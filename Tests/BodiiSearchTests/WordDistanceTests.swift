import BodiiDomain
import Testing
@testable import BodiiSearch

/// The word rules activities and foods share (moved from the activity search's own rules).
@Suite struct WordDistanceTests {
    private func words(_ s: String) -> [String] { SearchText.wordStrings(s) }

    @Test func numbersSplitFromWordsAsTheIndexSplitsThem() {
        let vocabulary = SearchVocabulary(terms: ["6", "mph", "running", "v8", "juice"])
        let resolved = vocabulary.resolve(FoodSearchQuery("running 6mph ")).words.map { String(decoding: $0, as: UTF8.self) }
        #expect(resolved == ["running", "6", "mph"], "a number run into its unit")
        #expect(
            vocabulary.resolve(FoodSearchQuery("v8 juice ")).words.map { String(decoding: $0, as: UTF8.self) } == ["v8", "juice"],
            "a word the catalog has stays whole")
        #expect(words("9.7 km/h") == ["9", "7", "km", "h"], "as SQLite's unicode61 tokenizer splits it")
        #expect(words("Café-Bar, 12–14") == ["cafe", "bar", "12", "14"])
        #expect(words("6. x") == ["6", "x"])
    }

    @Test func editDistanceCountsASwapAsOne() {
        func d(_ a: String, _ b: String) -> Int { SearchText.editDistance(Array(a.utf8), Array(b.utf8)) }
        #expect(d("tennis", "tennsi") == 1)
        #expect(d("kitten", "sitting") == 3)
        #expect(d("", "abc") == 3)
    }

    @Test func oneEditAgreesWithTheDistance() {
        let words = [
            "tennis", "tennsi", "tenis", "tennnis", "tannis", "etnnis", "tennsi", "ten", "tennisx", "xtennis", "bowling", "rowing",
            "a", "ab", "ba", "abc", "acb", "bac", "", "swim", "swmi", "siwm",
        ]
        for a in words {
            for b in words {
                let x = Array(a.utf8), y = Array(b.utf8)
                #expect(SearchText.withinOneEdit(x, y) == (SearchText.editDistance(x, y) <= 1), "\(a) / \(b)")
            }
        }
    }
}
