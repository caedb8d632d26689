import Testing
@testable import BodiiDomain
import BodiiSearch

/// The activity catalog against the 2011 Compendium of Physical Activities, and its search.
@Suite struct ActivityCatalogTests {
    let all = ActivityCatalog.all

    // MARK: Sanity

    @Test func hasAtLeastSixtyActivitiesWithUniqueNames() {
        #expect(all.count >= 60)
        #expect(Set(all.map(\.name)).count == all.count, "names identify activities")
        // Normalised too: two names must not differ only by case or punctuation.
        #expect(Set(all.map { SearchText.wordStrings($0.name).joined(separator: " ") }).count == all.count)
        for a in all {
            #expect(a.name.count <= 38, "\(a.name) is too long for the form and the table")
        }
    }

    @Test func codesAreCompendiumCodesEachWithOneMET() {
        var metByCode: [String: Double] = [:]
        for a in all {
            for intensity in Intensity.allCases {
                let e = a.entry(for: intensity)
                #expect(e.code.count == 5 && e.code.allSatisfy(\.isNumber), "\(a.name): code \(e.code)")
                #expect((1.0...25.0).contains(e.met), "\(a.name): MET \(e.met)")
                if let known = metByCode[e.code] {
                    #expect(known == e.met, "code \(e.code) has two METs: \(known) and \(e.met) (\(a.name))")
                }
                metByCode[e.code] = e.met
            }
        }
    }

    @Test func noTwoActivitiesCiteTheSameEntries() {
        let triples = all.map { [$0.low.code, $0.moderate.code, $0.high.code] }
        #expect(Set(triples).count == all.count)
    }

    @Test func metsRiseWithIntensity() {
        for a in all {
            #expect(a.low.met <= a.moderate.met, "\(a.name)")
            #expect(a.moderate.met <= a.high.met, "\(a.name)")
        }
    }

    @Test func derivedIntensitiesUseTheModerateEntry() throws {
        for a in all {
            for i in a.derived { #expect(a.entry(for: i) == a.moderate, "\(a.name) \(i)") }
            #expect(!a.derived.contains(.moderate))
        }
        let elliptical = try #require(ActivityCatalog.activity(named: "Elliptical trainer"))
        #expect(elliptical.derived == [.low, .high], "the Compendium has only a moderate elliptical entry (02048)")
        #expect(elliptical.isSingleEntry)
    }

    @Test func everyCategoryHasActivities() {
        for c in ActivityCategory.allCases {
            #expect(all.filter { $0.category == c }.count >= 3, "\(c)")
        }
    }

    // MARK: Spot checks against the 2011 Compendium

    @Test(arguments: [
        ("Running, 6 mph (9.7 km/h)", Intensity.moderate, "12050", 9.8),  // running, 6 mph (10 min/mile)
        ("Running", .moderate, "12050", 9.8),
        ("Running, 10 mph (16.1 km/h)", .high, "12120", 14.5),  // running, 10 mph (6 min/mile)
        ("Walking, 3.5 mph (5.6 km/h), brisk", .moderate, "17200", 4.3),  // walking, 3.5 mph, level, brisk
        ("Walking", .moderate, "17160", 3.5),  // walking for pleasure
        ("Cycling, 12–14 mph (19–23 km/h)", .moderate, "01030", 8.0),  // bicycling, 12–13.9 mph, leisure, moderate
        ("Stationary bike", .high, "02013", 8.8),  // stationary, 101–160 W, vigorous
        ("Swimming", .moderate, "18290", 8.3),  // crawl, medium speed, ~50 yd/min
        ("Yoga", .low, "02150", 2.5),  // yoga, Hatha
        ("Strength training", .high, "02050", 6.0),  // power lifting or body building, vigorous
        ("Jump rope", .high, "15550", 12.3),  // fast pace, 120–160 skips/min
        ("Soccer", .high, "15605", 10.0),  // soccer, competitive
        ("Tennis", .high, "15690", 8.0),  // tennis, singles
        ("Rowing machine", .moderate, "02072", 7.0),  // rowing, stationary, 100 W
        ("Mowing the lawn", .moderate, "08095", 5.5),  // mowing lawn, general
        ("Skiing, cross-country", .high, "19100", 12.5),  // 5.0–7.9 mph, brisk, vigorous
    ])
    func matchesTheCompendium(name: String, intensity: Intensity, code: String, met: Double) throws {
        let a = try #require(ActivityCatalog.activity(named: name), "\(name) not in the catalog")
        #expect(a.entry(for: intensity) == CompendiumEntry(code: code, met: met))
    }

    @Test func demoActivitiesAreInTheCatalog() {
        // So a demo session can be edited like any other (SessionActivity links it by name).
        for a in DemoHistory.activities {
            #expect(ActivityCatalog.activity(named: a.name) != nil, "\(a.name)")
        }
    }

    // MARK: Search

    private func first(_ query: String) -> String? { ActivityCatalog.search(query).first?.name }

    @Test func prefixFindsTheGeneralActivityFirst() {
        #expect(first("run") == "Running")
        #expect(first("jog") == "Jogging")
        #expect(first("swim") == "Swimming")
        #expect(first("walk") == "Walking")
        #expect(first("cyc") == "Cycling")
        #expect(first("yo") == "Yoga")
        #expect(ActivityCatalog.search("run").count >= 9, "every run pace matches")
    }

    @Test func wordOrderCaseAndAccentsDoNotMatter() {
        let name = "Running, 6 mph (9.7 km/h)"
        #expect(first("running 6") == name)
        #expect(first("6 mph running") == name)
        #expect(first("RUN 6MPH") == name)
        #expect(first("PILÁTES") == "Pilates")
        #expect(first("tennis table") == "Table tennis")
    }

    @Test func searchWordsAndPluralsMatch() {
        #expect(first("ping pong") == "Table tennis")
        #expect(first("weights") == "Strength training")
        #expect(first("weight lifting") == "Strength training")
        #expect(first("pushups") == "Bodyweight exercises")
        #expect(first("stair") == "Stair climbing")
        #expect(first("stairs") == "Stair climbing")
        #expect(first("zumba") == "Dance fitness (jazzercise)")
    }

    @Test func oneTypoIsForgiven() {
        #expect(first("socer") == "Soccer")  // a letter missing
        #expect(first("tennsi") == "Tennis")  // two letters swapped
        #expect(first("yogaa") == "Yoga")  // a letter extra
        #expect(first("basketbal") == "Basketball")  // still typing
        #expect(first("badmintom") == "Badminton")  // a letter wrong
        #expect(ActivityCatalog.search("scocre").isEmpty, "two typos are too many")
        #expect(ActivityCatalog.search("zzq").isEmpty, "short words need the exact letters")
    }

    /// Issue 24: partial matches rank, they never vanish. A word no activity has ("chess") is
    /// passed over, as a word no food has is; an activity with every word comes first.
    @Test func everyWordMattersButNoneEmptiesTheList() {
        #expect(first("running chess") == "Running")
        #expect(ActivityCatalog.search("swimming butterfly").map(\.name) == ["Swimming, butterfly"], "a word being typed must match")
        #expect(first("swimming butterfly ") == "Swimming, butterfly")
        #expect(ActivityCatalog.search("swimming butterfly ").count > 1, "typed whole, the other swims follow")
    }

    @Test func emptyQueryListsEverythingInOrder() {
        #expect(ActivityCatalog.search("").map(\.name) == all.map(\.name))
        #expect(ActivityCatalog.search("  ,. ").count == all.count)
        #expect(ActivityCatalog.search("", limit: 5).count == 5)
    }

    @Test func exactNameIgnoresCaseAndPunctuation() {
        #expect(ActivityCatalog.activity(named: "running, 6 MPH (9.7 km/h)")?.name == "Running, 6 mph (9.7 km/h)")
        #expect(ActivityCatalog.activity(named: "hiit")?.name == "HIIT")
        #expect(ActivityCatalog.activity(named: "runn") == nil)
        #expect(ActivityCatalog.activity(named: "") == nil)
    }

    @Test func suggestionsForUnknownWords() {
        #expect(ActivityCatalog.suggestions(for: "bascketbal").first?.name == "Basketball")
        #expect(ActivityCatalog.suggestions(for: "swiming laps").first?.name == "Swimming")
        #expect(ActivityCatalog.suggestions(for: "xyzzy").isEmpty)
    }

    @Test func typedNamesIgnorePunctuationAndSpacing() {
        #expect(ActivityCatalog.activity(typed: "running 6 MPH 9.7 km h")?.name == "Running, 6 mph (9.7 km/h)")
        #expect(ActivityCatalog.activity(typed: "stand up paddleboarding")?.name == "Stand-up paddleboarding")
        #expect(ActivityCatalog.activity(typed: "runn") == nil)
    }

    /// Issue 24 item 5: what people mean, one engine for foods and activities.
    @Test func padelFootballAndTreadmillFindWhatPeopleMean() {
        #expect(first("padel") == "Tennis, doubles", "the 2011 Compendium has no padel code")
        #expect(first("football") == "Soccer")
        #expect(ActivityCatalog.search("football", units: .imperial).first?.name == "American football")
        #expect(ActivityCatalog.search("soccer", units: .imperial).first?.name == "Soccer")
        #expect(first("treadmill") == "Walking")
        #expect(ActivityCatalog.search("treadmill").prefix(5).map(\.name).contains("Running"))
        #expect(first("treadmill run") == "Running")
    }

    /// Plurals are the food search's: "berries" is "berry" in both, and so is every other word.
    @Test func pluralsAreTheFoodSearchRules() {
        #expect(first("pushups") == "Bodyweight exercises")
        #expect(first("dumbbells") == "Strength training")
        #expect(first("hikes") == "Hiking")
    }
}
