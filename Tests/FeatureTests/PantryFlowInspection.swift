import TerminalKit
import PantryFeature

/// What the Pantry tests look at on the stack: the open form or the item picker.
@MainActor
extension FlowHost where Tab == PantryViewModel {
    private var form: PantryFormFlow? { stack.top as? PantryFormFlow }
    var isPicking: Bool { stack.top is ItemPickerFlow }
    var formErrors: [String: String] { form?.formErrors ?? [:] }
    var formTitle: String? { form?.formTitle }
    var formIntro: String? { form?.formIntro }
    /// What a field of the open form holds (its id, as in `formErrors`).
    func formValue(_ id: String) -> String? { form?.formValue(id) }
}
