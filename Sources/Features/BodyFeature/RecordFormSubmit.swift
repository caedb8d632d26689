import BodiiDomain
import BodiiUI
import TerminalKit

extension DatedListTab {
    /// The end of a Body form's Enter, for the weigh-ins and the measurements alike: the fields'
    /// errors marked on the form; else the checked record stored — an edit takes over what
    /// `keep` copies from `original` (its id, its place among the day's), a new one is added —
    /// and the tab on it, its status from `message` ("Logged …" or "Saved …").
    func submit<Field: RawRepresentable>(
        _ checked: Result<Kind.Record, FieldErrors<Field>>, in flow: RecordFormFlow, editing original: Kind.Record?,
        keep: (inout Kind.Record, Kind.Record) -> Void, update: (Kind.Record) throws -> Void, add: (Kind.Record) throws -> Kind.Record,
        message: (_ verb: String, Kind.Record) -> String
    ) -> RecordFormFlow.Outcome where Field.RawValue == String {
        switch checked {
        case .failure(let errors):
            status = flow.form.show(errors: errors.inlineMessages, first: errors.firstField?.rawValue)
            return .stay
        case .success(var record):
            do {
                let verb: String
                if let original {
                    keep(&record, original)
                    try update(record)
                    verb = "Saved"
                } else {
                    record = try add(record)
                    verb = "Logged"
                }
                saved(record, status: StatusMessage(message(verb, record), kind: .success))
                return .saved
            } catch {
                status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
                return .stay
            }
        }
    }
}
