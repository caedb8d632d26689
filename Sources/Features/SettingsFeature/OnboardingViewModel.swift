import BodiiDomain
import TerminalKit

/// First run: asks for the profile, today's weight and a goal. Empty fields take sensible
/// defaults and Esc skips everything, so the app never starts without a usable profile.
@MainActor
public final class OnboardingViewModel: Screen {
    private let setup: ProfileSetup
    private let fallbackName: String
    public private(set) var form: Form
    public private(set) var status: StatusMessage?
    /// Set once the profile is saved; the shell closes the screen then.
    public private(set) var isFinished = false
    /// What Esc saves: the defaults, in the units the form started with.
    private let skipped: ProfileInput
    /// The theme the new profile gets (the config file's, else the default).
    private let themeName: String

    static let defaults = ProfileInput.defaults()

    /// `unitSystem` and `themeName`: the config file's defaults for a new profile.
    public init(
        store: any ProfileSetup.Store, clock: any Clock, fallbackName: String, unitSystem: UnitSystem = .metric,
        themeName: String = Profile.defaultTheme
    ) {
        setup = ProfileSetup(store: store, clock: clock)
        self.fallbackName = fallbackName
        self.themeName = themeName
        var skipped = Self.defaults
        skipped.unitSystem = unitSystem
        if unitSystem == .imperial { skipped.height = Self.imperialHeight }
        self.skipped = skipped
        var input = skipped
        input.birthDate = ""
        input.height = ""
        form = ProfileForm.make(from: input, onboarding: true)
        placeholders()
        initialValues = form.fields.map(\.value)
    }

    /// The fields as the form opened, to tell whether anything was typed or chosen since.
    private var initialValues: [String] = []

    /// Esc would replace what was typed by the defaults: the shell asks first.
    public var hasUnsavedInput: Bool { !isFinished && form.fields.map(\.value) != initialValues }

    static let imperialHeight = "5'7\""

    public var keyMap: KeyMap {
        KeyMap(
            title: "Welcome",
            bindings: [
                KeyBinding([.tab, .backTab, .down, .up], label: "Tab/↑↓", help: "next / previous field", footer: true),
                KeyBinding([.left, .right], label: "←/→", help: "change a choice", footer: true),
                KeyBinding([.enter], help: "save and start", footer: true),
                KeyBinding([.escape], help: "skip: use defaults for everything", footer: true),
            ])
    }

    public var isEditingText: Bool { true }

    public func handle(_ key: Key) -> KeyResult {
        switch key {
        case .enter: return submit(form)
        case .escape: return submit(ProfileForm.make(from: skipped, onboarding: true))
        default:
            if form.handle(key) {
                ProfileForm.refreshHints(&form)
                placeholders()
            }
            return .handled
        }
    }

    private func placeholders() {
        let metric = (form.value("units") ?? "") == UnitSystem.metric.label
        for i in form.fields.indices {
            guard case .text(var field) = form.fields[i].input else { continue }
            switch form.fields[i].id {
            case ProfileField.name.rawValue: field.placeholder = "skip = \(fallbackName)"
            case ProfileField.birthDate.rawValue: field.placeholder = "skip = \(Self.defaults.birthDate)"
            case ProfileField.height.rawValue: field.placeholder = metric ? "skip = 170" : "skip = \(Self.imperialHeight)"
            default: continue
            }
            form.fields[i].input = .text(field)
        }
    }

    /// Validates with defaults for blank fields; saves and closes, or shows the errors inline.
    private func submit(_ source: Form) -> KeyResult {
        var input = ProfileForm.input(from: source)
        if input.birthDate.trimmingCharacters(in: .whitespaces).isEmpty { input.birthDate = Self.defaults.birthDate }
        if input.height.trimmingCharacters(in: .whitespaces).isEmpty {
            input.height = input.unitSystem == .metric ? Self.defaults.height : Self.imperialHeight
        }
        switch setup.validate(input, fallbackName: fallbackName) {
        case .failure(let errors):
            status = ProfileForm.show(errors, in: &form)
            return .handled
        case .success(let result):
            var profile = result.profile
            profile.themeName = themeName
            do {
                try setup.completeOnboarding(profile: profile, weightKg: result.weightKg, goal: input.goal)
                isFinished = true
                status = StatusMessage("Welcome, \(profile.name)!", kind: .success)
                return .close
            } catch {
                status = StatusMessage("Could not save the profile: \(ErrorLine.text(error))", kind: .error)
                return .handled
            }
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        buffer.fill(area, style: context.style(.text))
        FormDialog(
            title: "Welcome to Bodii",
            intro:
                "A few details to compute your energy needs. Leave a field empty to use its default; you can change everything later in Settings.",
            form: form, hint: "Enter save · Esc skip all · Tab next field", width: 84
        )
        .render(in: area, buffer: &buffer, context: context)
    }
}
