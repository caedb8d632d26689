import Testing
@testable import BodiiDomain

/// The DRI tables read back the published values for a few people (PRODUCT.md §11).
@Suite struct DietaryReferenceIntakesTests {
    @Test func aManOf35GetsTheAdultMaleRDAsAndULs() {
        let targets = DietaryReferenceIntakes.targets(sex: .male, age: 35, kcal: 2500)
        #expect(targets[.vitaminCMg] == NutrientTarget(kind: .goal, amount: 90, upper: 2000))
        #expect(targets[.ironMg] == NutrientTarget(kind: .goal, amount: 8, upper: 45))
        #expect(targets[.magnesiumMg] == NutrientTarget(kind: .goal, amount: 420, upper: nil))
        #expect(targets[.potassiumMg]?.amount == 3400)
        #expect(targets[.vitaminKUg]?.amount == 120)
        #expect(targets[.vitaminDUg] == NutrientTarget(kind: .goal, amount: 15, upper: 100))
    }

    @Test func aWomanOf30NeedsMoreIronThanAfter50() {
        let young = DietaryReferenceIntakes.targets(sex: .female, age: 30, kcal: 2000)
        let older = DietaryReferenceIntakes.targets(sex: .female, age: 55, kcal: 2000)
        #expect(young[.ironMg]?.amount == 18)
        #expect(older[.ironMg]?.amount == 8)
        #expect(young[.calciumMg] == NutrientTarget(kind: .goal, amount: 1000, upper: 2500))
        #expect(older[.calciumMg] == NutrientTarget(kind: .goal, amount: 1200, upper: 2000))
        #expect(older[.vitaminB6Mg]?.amount == 1.5)
    }

    @Test func over70TheVitaminDGoalRises() {
        #expect(DietaryReferenceIntakes.targets(sex: .male, age: 71, kcal: 2000)[.vitaminDUg]?.amount == 20)
        #expect(DietaryReferenceIntakes.targets(sex: .male, age: 70, kcal: 2000)[.vitaminDUg]?.amount == 15)
    }

    @Test func sodiumAndSaturatedFatAreLimitsAndFiberIsThePublishedAI() {
        let targets = DietaryReferenceIntakes.targets(sex: .female, age: 40, kcal: 1800)
        #expect(targets[.sodiumMg] == NutrientTarget(kind: .limit, amount: 2300))
        // 10 % of 1800 kcal at 9 kcal/g = 20 g.
        #expect(targets[.saturatedFatG] == NutrientTarget(kind: .limit, amount: 20))
        // Fiber: the AI for women 31–50, 25 g, whatever the calorie target (issue 43).
        #expect(targets[.fiberG] == NutrientTarget(kind: .goal, amount: 25))
        #expect(DietaryReferenceIntakes.targets(sex: .female, age: 40, kcal: 1340)[.fiberG]?.amount == 25, "not scaled to a deficit")
    }

    /// Total fiber AI, g/day, by sex and life stage: IOM, "Dietary Reference Intakes for Energy,
    /// Carbohydrate, Fiber, Fat, Fatty Acids, Cholesterol, Protein, and Amino Acids", National
    /// Academies Press 2005, DRI summary table (Adequate Intakes): children 1–3 19, 4–8 25; males
    /// 9–13 31, 14–50 38, 51+ 30; females 9–18 26, 19–50 25, 51+ 21.
    @Test func fiberIsThePublishedAdequateIntakeBySexAndAge() {
        let published: [(Sex, Int, Double)] = [
            (.male, 2, 19), (.female, 6, 25), (.male, 10, 31), (.female, 12, 26), (.male, 16, 38), (.female, 17, 26),
            (.male, 25, 38), (.female, 25, 25), (.male, 45, 38), (.female, 45, 25), (.male, 60, 30), (.female, 60, 21),
            (.male, 80, 30), (.female, 80, 21),
        ]
        for (sex, age, grams) in published {
            #expect(DietaryReferenceIntakes.targets(sex: sex, age: age, kcal: 2000)[.fiberG]?.amount == grams, "\(sex) \(age)")
        }
    }

    @Test func withoutACalorieTargetTheEnergyBasedTargetsAreAbsent() {
        let targets = DietaryReferenceIntakes.targets(sex: .male, age: 30, kcal: 0)
        #expect(targets[.fiberG]?.amount == 38, "fiber is the AI, known without a calorie target")
        #expect(targets[.saturatedFatG] == nil)
        #expect(targets[.vitaminCMg] != nil)
    }

    @Test func nutrientsWithoutAReferenceHaveNoTarget() {
        let targets = DietaryReferenceIntakes.targets(sex: .male, age: 30, kcal: 2000)
        for key in [NutrientKey.starchG, .cholesterolMg, .caffeineMg, .alcoholG, .sugarsG] {
            #expect(targets[key] == nil, "\(key)")
        }
    }

    @Test func everyAgeFindsALifeStage() {
        #expect(DietaryReferenceIntakes.LifeStage(age: -3) == .age1to3)
        #expect(DietaryReferenceIntakes.LifeStage(age: 13) == .age9to13)
        #expect(DietaryReferenceIntakes.LifeStage(age: 14) == .age14to18)
        #expect(DietaryReferenceIntakes.LifeStage(age: 120) == .age71plus)
        #expect(DietaryReferenceIntakes.targets(sex: .female, age: 2, kcal: 1000)[.zincMg]?.upper == 7)
    }
}
