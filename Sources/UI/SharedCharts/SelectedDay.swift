import BodiiDomain

/// The day every tab shows and the check-in answers for (PRODUCT.md §1: `[`/`]` on one tab moves
/// it for all). One instance is shared by the app's tabs; a view model made alone gets its own.
@MainActor
public final class SelectedDay {
    public var date: LocalDate

    public init(_ date: LocalDate) { self.date = date }
}
