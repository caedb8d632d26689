import Testing
@testable import BodiiSearch

/// The vocabulary's own hash table (term ids, singular classes) and its class lists: what a
/// `Dictionary` of byte arrays and an array per class did, checked against them.
@Suite struct WordTableTests {
    /// Words of one to six letters, many sharing a start, as a catalog's terms do.
    static let words: [SearchText.Word] = (0..<5_000).map { n in
        var word: SearchText.Word = []
        var rest = n
        repeat {
            word.append(UInt8(ascii: "a") + UInt8(rest % 26))
            rest /= 26
        } while rest > 0
        return word
    }

    @Test func everyWordAddedIsFoundWithItsNumberAndNoOtherIs() {
        var table = WordTable()  // starts small: grows many times on the way
        var reference: [SearchText.Word: Int32] = [:]
        for (i, word) in Self.words.enumerated() {
            let added = table.insert(word, value: Int32(i))
            #expect(added.inserted == (reference[word] == nil))
            reference[word, default: Int32(i)] = reference[word] ?? Int32(i)
            #expect(added.value == reference[word])
        }
        #expect(table.count == reference.count)
        for word in Self.words { #expect(table[word] == reference[word]) }
        for missing in ["", "zzzzzzz", "aaaaaaaa", "é"].map({ SearchText.Word($0.utf8) }) { #expect(table[missing] == nil) }
    }

    @Test func aWordAddedAgainKeepsItsFirstNumber() {
        var table = WordTable(capacity: 2)
        let egg = SearchText.Word("egg".utf8)
        #expect(table.insert(egg, value: 7) == (true, 7))
        #expect(table.insert(egg, value: 9) == (false, 7))
        #expect(table[egg] == 7)
        #expect(table.count == 1)
    }

    @Test func eachClassListsItsTermsInTermOrder() {
        let members = ClassMembers(classOfTerm: [0, 1, 0, 2, 1, 0], classCount: 4)
        #expect(members.count == 4)
        #expect(Array(members[0]) == [0, 2, 5])
        #expect(Array(members[1]) == [1, 4])
        #expect(Array(members[2]) == [3])
        #expect(members[3].isEmpty)  // a class no term has
    }

    @Test func theVocabularyGroupsTermsBySingularAsBefore() {
        let vocabulary = SearchVocabulary(terms: ["berries", "berry", "egg", "eggplant", "eggs", "oat", "oats"])
        let ids = { (s: String) in vocabulary.id(of: SearchText.Word(s.utf8)) }
        #expect(ids("berries") == 0 && ids("eggs") == 4 && ids("egg s") == nil)
        let classOf = { (s: String) in vocabulary.singularClass(of: SearchText.Word(s.utf8)) }
        #expect(classOf("egg") == classOf("eggs"))
        #expect(classOf("berry") == classOf("berries"))
        #expect(classOf("egg") != classOf("eggplant"))
        #expect(classOf("oat") == classOf("oats"))
        #expect(classOf("apple") == -1)  // no term has its singular
        let eggs = vocabulary.termsOfClass[Int(classOf("egg"))].map { vocabulary.terms[Int($0)] }
        #expect(eggs == [SearchText.Word("egg".utf8), SearchText.Word("eggs".utf8)])
    }
}

/// The food group of an id, read without making an array of it.
@Suite struct USDAGroupTests {
    @Test(arguments: [
        ("usda:09040", 9), ("usda:35190", 35), ("usda:03", 3), ("usda:3", -1), ("usda:ab123", -1), ("usda:0a123", -1),
        ("USDA:09040", -1), ("custom:12", -1), ("usd", -1), ("", -1), ("recipe:09040", -1),
    ])
    func theGroupIsTheTwoDigitsAfterUSDA(id: String, group: Int) {
        #expect(FoodNameProfile.usdaGroup(of: id) == group)
    }
}
