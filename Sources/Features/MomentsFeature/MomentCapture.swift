import BodiiDomain
import BodiiUI
import TerminalKit

/// The one-line capture of a moment (`M` from any tab, issue 47 item 3): what happened, `+tags`
/// and `N/5` for how it felt, read by `MomentLine` as `bodii moment` reads it. Enter notes it
/// now; a refused line stays with its message under it.
public enum MomentCapture {
    static let field = "moment"

    @MainActor
    public static func flow(store: any MomentRepository, clock: any Clock) -> RecordFormFlow {
        let outcome = Outcome()
        let form = Form(
            fields: [
                .text(field, label: "Moment", placeholder: "walk with Sam +social 4/5", maxLength: MomentLine.textLength + 120)
            ], inputWidth: 48)
        return RecordFormFlow(
            title: "A moment", intro: "What happened? +tags, and 1/5–5/5 at the end for how it felt.", form: form,
            status: { outcome.status },
            submit: { flow in
                let line: MomentLine
                do throws(ValidationError) {
                    line = try MomentLine.parse(flow.form.value(field) ?? "")
                } catch {
                    outcome.status = flow.form.show(errors: [field: error.inlineMessage], first: field)
                    return .stay
                }
                do {
                    let moment = try MomentLogging(store: store, clock: clock).note(line)
                    outcome.status = StatusMessage("Moment noted at \(ClockTime(moment.at, timeZone: clock.timeZone)): \(moment.line)", kind: .success)
                    return .saved
                } catch {
                    outcome.status = StatusMessage("Not noted: \(ErrorLine.text(error))", kind: .error)
                    return .stay
                }
            },
            cancel: { outcome.status = StatusMessage("No moment noted.") })
    }

    /// What the flow last said, which the shell shows once it closes.
    @MainActor
    private final class Outcome {
        var status: StatusMessage?
    }
}
