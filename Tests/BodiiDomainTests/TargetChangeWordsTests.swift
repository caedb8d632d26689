import Foundation
import Testing
@testable import BodiiDomain

/// Issue 26: the Goal card said "+36: adaptive 79→71%" and "From 2441 blend 71% 24d". The change
/// and the burn now come in words, longest first, each list ending in one that fits a 22-cell card.
@Suite struct TargetChangeWordsTests {
    func basis(_ source: ExpenditureBasis.Source, kcal: Double = 2441, formula: Double = 2695, measured: Double? = 2337, days: Int = 24)
        -> ExpenditureBasis
    {
        ExpenditureBasis(kcalPerDay: kcal, source: source, adaptiveDays: days, formulaKcal: formula, measuredKcal: measured)
    }

    @Test func theCauseSaysWhetherMoreOrFewerDaysWereLogged() {
        let at79 = basis(.blended(days: 25, measuredShare: 11.0 / 14)), at71 = basis(.blended(days: 24, measuredShare: 10.0 / 14))
        #expect(TargetChange.cause(at79, at71, goalChanged: false) == .fewerDaysLogged)
        #expect(TargetChange.cause(at71, at79, goalChanged: false) == .moreDaysLogged)
        #expect(TargetChange.cause(at71, at79, goalChanged: true) == .newGoal)
        #expect(
            TargetChange.cause(at71, basis(.blended(days: 24, measuredShare: 10.0 / 14), measured: 2300), goalChanged: false)
                == .measuredBurnMoved)
        #expect(TargetChange.cause(basis(.formula), basis(.formula, formula: 2680), goalChanged: false) == .formulaMoved)
        #expect(TargetChange.cause(basis(.formula), basis(.formula), goalChanged: false) == .trendMoved)
    }

    @Test func theChangeReadsInWordsAndItsShortestFormFitsTheCardAt80Columns() {
        let causes: [TargetChange.Cause] = [.newGoal, .moreDaysLogged, .fewerDaysLogged, .measuredBurnMoved, .formulaMoved, .trendMoved]
        for cause in causes {
            for kcal in [36.0, -134, 1250] {
                let words = TargetChange(kcal: kcal, cause: cause).phrasings.map { $0.lead + $0.reason }
                #expect(words.first?.hasPrefix("Target ") == true, "\(words)")
                #expect((words.last?.count ?? 99) <= 22, "\(words)")
                #expect(words.allSatisfy { !$0.contains("adaptive") && !$0.contains("→") }, "\(words)")
            }
        }
        let change = TargetChange(kcal: 36, cause: .fewerDaysLogged)
        #expect(change.phrasings.first.map { $0.lead + $0.reason } == "Target +36 kcal: fewer days logged")
    }

    @Test func theBurnSaysHowMuchIsMeasuredAndItsShortestFormFitsTheCard() {
        let sources: [ExpenditureBasis.Source] = [.formula, .blended(days: 24, measuredShare: 10.0 / 14), .adaptive(days: 28)]
        for source in sources {
            let words = basis(source).burnPhrasings
            #expect(words.allSatisfy { $0.hasPrefix("Burn 2441") }, "\(words)")
            #expect((words.last?.count ?? 99) <= 22, "\(words)")
            #expect(words.allSatisfy { !$0.contains("blend") && !$0.contains("d)") }, "\(words)")
        }
        #expect(basis(.blended(days: 24, measuredShare: 10.0 / 14)).burnPhrasings.first == "Burn 2441 kcal: 71% from your logs, 24 days")
        #expect(basis(.formula, days: 3).burnPhrasings.first == "Burn 2441 kcal: formula, 3 of 14 days logged")
    }

    /// Settings and the report said "71% adaptive" while the Goal card said "71% from your logs,
    /// 24 days": the explanation now starts with the card's words, whatever the source.
    @Test func theExplanationUsesTheGoalCardsWords() {
        let sources: [ExpenditureBasis.Source] = [.formula, .blended(days: 24, measuredShare: 10.0 / 14), .adaptive(days: 28)]
        for source in sources {
            let b = basis(source)
            #expect(b.explanation.hasPrefix(b.burnPhrasings.first ?? "?"), "\(b.explanation)")
            #expect(!b.explanation.contains("adaptive") && !b.explanation.contains("expenditure"), "\(b.explanation)")
        }
        #expect(
            basis(.blended(days: 24, measuredShare: 10.0 / 14)).explanation
                == "Burn 2441 kcal: 71% from your logs, 24 days (yesterday: formula 2695 → logs 2337; all from logs at 28 days)")
    }
}
