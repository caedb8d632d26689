import Testing
@testable import BodiiDomain

/// Issue 26: the Insights heading said "1 go together".
@Suite struct InsightHeadingTests {
    @Test func theCountOfFindingsAgreesWithItsVerb() {
        #expect(InsightLines.together(0) == "none go together")
        #expect(InsightLines.together(1) == "1 goes together")
        #expect(InsightLines.together(3) == "3 go together")
    }
}
