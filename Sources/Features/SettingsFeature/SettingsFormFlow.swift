import BodiiDomain
import Foundation
import TerminalKit

/// One of Settings' forms (the profile, the goal and targets, the check-in sentence, import or
/// export) as a flow over the tab, drawn in a `FormDialog`: Enter saves (or runs) and closes, Esc
/// cancels. It reports to the tab, which holds the profile and the one status line the tab and
/// its flows share.
public final class SettingsFormFlow: Flow {
    enum Kind {
        case profile, goal, checkIn, data
    }

    let tab: SettingsViewModel
    let kind: Kind
    public private(set) var form: Form

    init(tab: SettingsViewModel, kind: Kind, form: Form) {
        self.tab = tab
        self.kind = kind
        self.form = form
    }

    var title: String {
        switch kind {
        case .profile: return "Edit profile"
        case .goal: return "Goal and targets"
        case .checkIn: return "Check-in sentence"
        case .data: return "Import or export"
        }
    }

    public var keyMap: KeyMap { kind == .data ? .formDialog(title: title, saveHelp: "run") : .formDialog(title: title) }
    public var isEditingText: Bool { true }
    public var status: StatusMessage? { tab.status }
    /// As when the form was the tab's: Esc asks first once the form differs from what is saved.
    public var escapeLosesInput: Bool { hasUnsavedInput }

    /// True when the form differs from the saved profile, goal or sentence (a path to import is
    /// not something to keep).
    public var hasUnsavedInput: Bool {
        guard let profile = tab.profile else { return false }
        switch kind {
        case .profile: return ProfileForm.input(from: form) != ProfileInput(profile: profile)
        case .goal:
            return GoalForm.input(from: form) != GoalForm.input(from: GoalForm.make(from: tab.goals?.goal, unitSystem: profile.unitSystem))
        case .checkIn: return form.value("template") != profile.checkInTemplate
        case .data: return false
        }
    }

    /// What the status line says when Esc leaves the form.
    private var cancelMessage: String {
        switch kind {
        case .profile: return "Profile unchanged."
        case .goal: return "Goal unchanged."
        case .checkIn: return "Sentence unchanged."
        case .data: return "Nothing imported."
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        if kind == .profile { return handleProfile(key) }
        switch form.route(key) {
        case .cancel:
            tab.status = StatusMessage(cancelMessage)
            return .close
        case .edited: return .handled
        case .submit:
            switch kind {
            case .goal: return submitGoal()
            case .checkIn: return submitCheckIn()
            case .data: return submitData()
            case .profile: return handleProfile(key)
            }
        }
    }

    /// The profile form takes its keys itself: a changed field refreshes the hints (the height's
    /// other unit, the age).
    private func handleProfile(_ key: Key) -> KeyResult {
        switch key {
        case .escape:
            tab.status = StatusMessage(cancelMessage)
            return .close
        case .enter:
            switch tab.validateProfile(form) {
            case .failure(let errors):
                tab.status = ProfileForm.show(errors, in: &form)
                return .handled
            case .success(let profile):
                return tab.save(profile, message: "Profile saved.") ? .close : .handled
            }
        default:
            if form.handle(key) { ProfileForm.refreshHints(&form) }
            return .handled
        }
    }

    private func submitGoal() -> KeyResult {
        switch tab.goalResult(form) {
        case nil:
            tab.status = StatusMessage("Log a weight first: a goal starts from your weight and expenditure.", kind: .error)
            return .handled
        case .failure(let errors)?:
            tab.status = form.show(errors: errors.inlineMessages, first: errors.firstField?.rawValue)
            return .handled
        case .success(let goal)?:
            return tab.save(goal) ? .close : .handled
        }
    }

    private func submitCheckIn() -> KeyResult {
        do throws(ValidationError) {
            let template = try Validation.checkInTemplate(form.value("template") ?? "")
            guard var updated = tab.profile else { return .handled }
            updated.checkInTemplate = template
            return tab.save(updated, message: "Check-in sentence saved.") ? .close : .handled
        } catch {
            tab.status = form.show(errors: ["template": error.inlineMessage], first: "template")
            return .handled
        }
    }

    /// Closes the form and asks the shell to run the import or export as a job.
    private func submitData() -> KeyResult {
        let path = (form.value("path") ?? "").trimmingCharacters(in: .whitespaces)
        let action = SettingsViewModel.DataAction.allCases.first { $0.label == form.value("action") } ?? .importAppleHealth
        guard !path.isEmpty, let run = tab.dataJob(action, path: path) else {
            tab.status = form.show(errors: ["path": "give a path"], first: "path")
            return .handled
        }
        return .requests([.closeFlows, run])
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let dialog: FormDialog
        switch kind {
        case .profile: dialog = FormDialog(title: title, form: form, hint: "Enter save · Esc cancel · Tab next field")
        case .goal:
            let preview = GoalForm.preview(tab.goalResult(form), targets: tab.goalPreviewTargets(form))
            dialog = FormDialog(title: title, intro: preview, form: form, width: 84)
        case .checkIn:
            dialog = FormDialog(
                title: title, intro: "[mood] becomes your mood word, [note] what you write. [note] is required.", form: form, width: 76)
        case .data:
            dialog = FormDialog(
                title: title,
                intro:
                    "Apple Health: weight, body fat, steps, sleep, workouts and dietary energy. Cronometer: a servings or biometrics CSV. Importing again adds only what is new. Export: everything, to a JSON file, or one CSV per kind in a folder or a .zip.",
                form: form, hint: "Enter run · Esc cancel · Tab next field", width: 76)
        }
        dialog.render(in: area, buffer: &buffer, context: context)
    }
}
