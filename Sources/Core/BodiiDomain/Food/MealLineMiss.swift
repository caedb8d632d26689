extension MealLine {
    /// Why a part of a line was not logged, as each reader of a line names it: the Diet list and
    /// status, the command line's notes and its JSON (`unmatched_reasons`).
    public struct Miss: Equatable, Sendable {
        public enum Kind: String, Sendable {
            /// No food matches the part's words (or its id names none).
            case notFound = "not_found"
            /// The part names a food, but its amount is no amount ("0 g bread"), is not one the
            /// food can be weighed in, or weighs more or less than one entry may.
            case badAmount = "bad_amount"
        }

        public var kind: Kind
        /// One line for a reader: what is wrong and what is allowed.
        public var message: String

        public init(_ kind: Kind, _ message: String) {
            self.kind = kind
            self.message = message
        }

        /// What the Diet list and status call it.
        public var label: String {
            switch kind {
            case .notFound: return "not found"
            case .badAmount: return "bad amount"
            }
        }
    }

    /// One part of a line in the result, in the order typed: the entry or the unmatched part at
    /// that index.
    public enum Slot: Equatable, Sendable {
        case entry(Int)
        case unmatched(Int)
    }
}

extension MealLine.Result {
    /// The status's list of the parts not logged, each with why, in the order typed:
    /// "0 g bread (bad amount), kiwiberry jam (not found)".
    public var unmatchedSummary: String {
        unmatched.indices.map { i in
            unmatched[i] + (i < misses.count ? " (\(misses[i].label))" : "")
        }.joined(separator: ", ")
    }
}
