import BodiiDomain
import BodiiUI
import Foundation
import TerminalKit

/// The form that notes a moment or tells one again: its line — what happened, `+tags` and `N/5`
/// for how it felt, read by `MomentLine` as `bodii moment` reads it — and, in a day's list, its
/// time. A refused line stays with its message under it.
enum MomentEditor {
    static let lineField = "moment"
    static let timeField = "time"

    /// `moment`: the one told again, nil for a new one on `day`. `withTime`: a Time field (the
    /// list's); without it a new moment is noted now (`M`'s one-line capture).
    @MainActor
    static func flow(
        moment: Moment?, day: LocalDate, withTime: Bool, store: any MomentRepository, clock: any Clock,
        status: @escaping () -> StatusMessage?, report: @escaping (StatusMessage) -> Void, saved: @escaping (Moment) -> Void = { _ in }
    ) -> RecordFormFlow {
        let logging = MomentLogging(store: store, clock: clock)
        let time = moment.map { ClockTime($0.at, timeZone: clock.timeZone) }
            ?? (day == clock.today ? ClockTime(clock.now, timeZone: clock.timeZone) : ClockTime(hour: 12, minute: 0))
        var fields: [FormField] = [
            .text(lineField, label: "Moment", text: moment?.line ?? "", placeholder: "walk with Sam +social 4/5", maxLength: MomentLine.textLength + 120)
        ]
        if withTime { fields.append(.text(timeField, label: "Time", text: time?.description ?? "", placeholder: "HH:MM", maxLength: 16)) }
        return RecordFormFlow(
            title: moment == nil ? "A moment" : "Edit moment", intro: "What happened? +tags, and 1/5–5/5 at the end for how it felt.",
            form: Form(fields: fields, inputWidth: 48), prefilled: moment == nil ? [timeField] : [], status: status,
            submit: { flow in
                var errors: [String: String] = [:]
                var line: MomentLine?
                do throws(ValidationError) { line = try MomentLine.parse(flow.form.value(lineField) ?? "") } catch {
                    errors[lineField] = error.inlineMessage
                }
                var when = time
                if withTime {
                    do throws(ValidationError) { when = try Validation.time(flow.form.value(timeField) ?? "") } catch {
                        errors[timeField] = error.inlineMessage
                    }
                }
                guard errors.isEmpty, let line else {
                    report(flow.form.show(errors: errors, first: errors[lineField] == nil ? timeField : lineField))
                    return .stay
                }
                do {
                    let noted: Moment
                    if let moment, let when {
                        noted = try logging.retell(moment, as: line, at: when)
                    } else if withTime, let when {
                        noted = try logging.note(line, on: day, at: when)
                    } else {
                        noted = try logging.note(line)
                    }
                    let verb = moment == nil ? "Moment noted" : "Moment changed"
                    report(StatusMessage("\(verb) at \(ClockTime(noted.at, timeZone: clock.timeZone)): \(noted.line)", kind: .success))
                    saved(noted)
                    return .saved
                } catch let refusal as ValidationError {
                    report(flow.form.show(errors: [timeField: refusal.inlineMessage], first: timeField))
                    return .stay
                } catch {
                    report(StatusMessage("Not saved: \(ErrorLine.text(error))", kind: .error))
                    return .stay
                }
            },
            cancel: { report(StatusMessage(moment == nil ? "No moment noted." : "Unchanged.")) })
    }
}

/// The one-line capture of a moment (`M` from any tab, issue 47 item 3): Enter notes it now.
public enum MomentCapture {
    @MainActor
    public static func flow(store: any MomentRepository, clock: any Clock) -> RecordFormFlow {
        let outcome = Outcome()
        return MomentEditor.flow(
            moment: nil, day: clock.today, withTime: false, store: store, clock: clock, status: { outcome.status },
            report: { outcome.status = $0 })
    }

    /// What the flow last said, which the shell shows once it closes.
    @MainActor
    private final class Outcome {
        var status: StatusMessage?
    }
}
