import BodiiDomain
import BodiiUI
import Foundation
import TerminalKit

/// A day's moments in a `ModalListFlow` (`m` on the Dashboard): told again (Enter), a new one
/// at a time of the day (`n`), deleted after y/n (`x`).
public typealias MomentListFlow = ModalListFlow<MomentList>

public final class MomentList: ModalListKind {
    let day: LocalDate
    let store: any MomentRepository
    let clock: any Clock
    public private(set) var status: StatusMessage?

    init(day: LocalDate, store: any MomentRepository, clock: any Clock) {
        self.day = day
        self.store = store
        self.clock = clock
    }

    /// The list of `day`'s moments, read now; nil when the database cannot be read (`failure` says why).
    @MainActor
    public static func flow(day: LocalDate, store: any MomentRepository, clock: any Clock) throws -> MomentListFlow {
        let kind = MomentList(day: day, store: store, clock: clock)
        return MomentListFlow(kind: kind, items: try kind.load())
    }

    public var title: String { "Moments · \(day.shortLabel(relativeTo: clock.today))" }
    public func countTitle(_ count: Int) -> String { Plural.count(count, "moment") }
    public let newHelp = "note a moment"
    public let deleteHelp = "delete the moment"
    public let emptyMessage = "No moments this day — n notes one (M from any tab notes one now)."
    public let deleteFailure = "Could not delete the moment"
    public var columns: [TableColumn] { [TableColumn("Time", width: .length(5)), TableColumn("Moment")] }

    public func row(_ m: Moment) -> TableRow {
        TableRow([Span(ClockTime(m.at, timeZone: clock.timeZone).description, .muted), Span(m.line)])
    }

    public func report(_ status: StatusMessage) { self.status = status }
    public func load() throws -> [Moment] { try store.moments(in: DateRange(start: day, end: day)) }

    public func editor(for moment: Moment?, list: MomentListFlow) -> (any Flow)? {
        MomentEditor.flow(
            moment: moment, day: day, withTime: true, store: store, clock: clock, status: { [unowned self] in status },
            report: { [unowned self] in status = $0 },
            saved: { [unowned self, unowned list] saved in
                do { try list.reload { $0.id == saved.id } } catch { status = StatusMessage("Could not read the moments: \(ErrorLine.text(error))", kind: .error) }
            })
    }

    public func deleteQuestion(_ m: Moment) -> (title: String, question: String) {
        ("Delete moment", "Delete \(ClockTime(m.at, timeZone: clock.timeZone)) \(m.line)? y/n")
    }

    public func delete(_ m: Moment) throws -> StatusMessage {
        guard let id = m.id else { return StatusMessage("Nothing to delete.") }
        try store.deleteMoment(id: id)
        return StatusMessage("Deleted the moment: \(m.line).", kind: .success)
    }
}
