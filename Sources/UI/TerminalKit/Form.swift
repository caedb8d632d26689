/// One row of a form: a text input or a choice among options.
public struct FormField: Equatable, Sendable {
    public enum Input: Equatable, Sendable {
        case text(TextField)
        case choice(options: [String], selected: Int)
    }

    public var id: String
    public var label: String
    public var input: Input
    public var hint: String?

    public init(id: String, label: String, input: Input, hint: String? = nil) {
        self.id = id
        self.label = label
        self.input = input
        self.hint = hint
    }

    /// A text input; `selected` shows a prefilled `text` selected, so typing replaces it.
    public static func text(
        _ id: String, label: String, text: String = "", placeholder: String = "",
        maxLength: Int? = nil, hint: String? = nil, selected: Bool = false
    ) -> FormField {
        FormField(
            id: id, label: label,
            input: .text(TextField(text: text, placeholder: placeholder, maxLength: maxLength, selected: selected)), hint: hint)
    }

    public static func choice(
        _ id: String, label: String, options: [String], selected: Int = 0,
        hint: String? = nil
    ) -> FormField {
        FormField(id: id, label: label, input: .choice(options: options, selected: selected), hint: hint)
    }

    /// The text typed, or the chosen option.
    public var value: String {
        switch input {
        case .text(let field): return field.text
        case .choice(let options, let selected): return options.indices.contains(selected) ? options[selected] : ""
        }
    }

    mutating func handle(_ key: Key) -> Bool {
        switch input {
        case .text(var field):
            let used = field.handle(key)
            input = .text(field)
            return used
        case .choice(let options, let selected):
            guard !options.isEmpty else { return false }
            switch key {
            case .left: input = .choice(options: options, selected: (selected - 1 + options.count) % options.count)
            case .right, .char(" "): input = .choice(options: options, selected: (selected + 1) % options.count)
            default: return false
            }
            return true
        }
    }
}

/// Labelled fields with one focused. The owner validates and sets `errors[field.id]`;
/// each error is shown in the bad role under its field.
public struct Form: Widget, Equatable, Sendable {
    public var fields: [FormField]
    public var focus: Int
    public var errors: [String: String]
    /// Widest an input grows; the hint goes to its right when there is room.
    public var inputWidth: Int
    /// The values the form opened with: `isChanged` compares against them.
    public let openedValues: [String]

    public init(fields: [FormField], focus: Int = 0, errors: [String: String] = [:], inputWidth: Int = 24) {
        self.fields = fields
        openedValues = fields.map(\.value)
        self.focus = fields.isEmpty ? 0 : min(max(0, focus), fields.count - 1)
        self.errors = errors
        self.inputWidth = inputWidth
    }

    /// Something was typed or chosen since the form opened (Esc would lose it).
    public var isChanged: Bool { fields.map(\.value) != openedValues }

    public var focusedID: String? { fields.indices.contains(focus) ? fields[focus].id : nil }

    public func value(_ id: String) -> String? { fields.first { $0.id == id }?.value }

    public mutating func setText(_ id: String, _ text: String) {
        guard let i = fields.firstIndex(where: { $0.id == id }), case .text(var field) = fields[i].input else { return }
        field.setText(text)
        fields[i].input = .text(field)
    }

    public mutating func focus(_ id: String) {
        if let i = fields.firstIndex(where: { $0.id == id }) { focus = i }
    }

    /// Tab/Shift-Tab cycle through the fields, Up/Down move without wrapping; other keys go to the
    /// focused field. Returns false for keys the form leaves to its owner (Enter, Esc…).
    public mutating func handle(_ key: Key) -> Bool {
        guard !fields.isEmpty else { return false }
        switch key {
        case .tab: focus = (focus + 1) % fields.count
        case .backTab: focus = (focus - 1 + fields.count) % fields.count
        case .down: focus = min(fields.count - 1, focus + 1)
        case .up: focus = max(0, focus - 1)
        default:
            guard fields.indices.contains(focus) else { return false }
            return fields[focus].handle(key)
        }
        return true
    }

    /// Rows each field takes: one, plus one for its error.
    public func height(of index: Int) -> Int { errors[fields[index].id] == nil ? 1 : 2 }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty, !fields.isEmpty else { return }
        let labelWidth = min(fields.map { TextWidth.of($0.label) }.max() ?? 0, max(0, area.width / 3))
        // Scroll just enough that the focused field and its error are visible.
        var first = 0
        func rowsBetween(_ a: Int, _ b: Int) -> Int { (a...b).reduce(0) { $0 + height(of: $1) } }
        let f = min(max(0, focus), fields.count - 1)
        while first < f && rowsBetween(first, f) > area.height { first += 1 }

        var y = area.y
        for i in first..<fields.count {
            guard y < area.maxY else { break }
            let field = fields[i]
            let isFocused = i == focus
            let row = Rect(x: area.x, y: y, width: area.width, height: 1)
            let marker = isFocused ? (context.symbols.isUnicode ? "›" : ">") : " "
            buffer.write(marker, x: row.x, y: y, style: context.style(.accent), maxWidth: row.width)
            let labelRect = Rect(x: row.x + 2, y: y, width: min(labelWidth, row.width - 2), height: 1)
            buffer.write(Line(field.label, isFocused ? .accent : .text), in: labelRect, context: context)
            let inputX = labelRect.x + labelWidth + 3
            let inputRect = Rect(x: inputX, y: y, width: min(inputWidth, row.maxX - inputX), height: 1)
            drawInput(field, focused: isFocused, in: inputRect, buffer: &buffer, context: context)
            if let hint = field.hint {
                let hintX = inputRect.maxX + 2
                let hintRect = Rect(x: hintX, y: y, width: row.maxX - hintX, height: 1)
                if hintRect.width >= 4 { buffer.write(Line(hint, .muted), in: hintRect, context: context) }
            }
            y += 1
            if let error = errors[field.id], y < area.maxY {
                // Under the input when it fits, else from under the label: messages name the value
                // and the allowed range, and are worth the width.
                let message = (context.symbols.isUnicode ? "✗ " : "! ") + error
                let errorX = TextWidth.of(message) <= row.maxX - inputX ? inputX : labelRect.x
                let errorRect = Rect(x: errorX, y: y, width: row.maxX - errorX, height: 1)
                buffer.write(Line(message, .bad), in: errorRect, context: context)
                y += 1
            }
        }
    }

    func drawInput(_ field: FormField, focused: Bool, in rect: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !rect.isEmpty else { return }
        switch field.input {
        case .text(var input):
            input.isFocused = focused
            input.render(in: rect, buffer: &buffer, context: context)
        case .choice(let options, let selected):
            let value = options.indices.contains(selected) ? options[selected] : ""
            buffer.write(Line(value, focused ? .selection : .text), in: rect, context: context)
            guard focused else { return }
            // Arrows say Left/Right change the value; the left one sits in the gap before the input.
            let (l, r) = context.symbols.isUnicode ? ("‹", "›") : ("<", ">")
            let arrow = context.style(.accent)
            buffer.write(l, x: rect.x - 2, y: rect.y, style: arrow)
            let after = rect.x + min(TextWidth.of(value), rect.width) + 1
            if after < rect.maxX { buffer.write(r, x: after, y: rect.y, style: arrow) }
        }
    }
}

/// What a key did to a form shown in a dialog: the usual keys, decided in one place.
public enum FormKeyOutcome: Equatable, Sendable { case cancel, submit, edited }

extension Form {
    /// Esc cancels, Enter submits, anything else edits the focused field.
    public mutating func route(_ key: Key) -> FormKeyOutcome {
        switch key {
        case .escape: return .cancel
        case .enter: return .submit
        default:
            _ = handle(key)
            return .edited
        }
    }
}

extension Form {
    /// Shows each field's message under it, moves to the first bad field, and returns what the
    /// status line should say.
    public mutating func show(errors messages: [String: String], first: String?) -> StatusMessage {
        errors = messages
        if let first { focus(first) }
        return StatusMessage("Please fix the marked field\(messages.count > 1 ? "s" : "").", kind: .error)
    }
}

extension KeyMap {
    /// The keys of a form in a dialog (help and footer).
    public static func formDialog(title: String, saveHelp: String = "save", cancelHelp: String = "cancel") -> KeyMap {
        KeyMap(
            title: title,
            bindings: [
                KeyBinding([.tab, .backTab], label: "Tab", help: "next / previous field", footer: true),
                KeyBinding([.left, .right], label: "←/→", help: "change a choice"),
                KeyBinding([.enter], help: saveHelp, footer: true),
                KeyBinding([.escape], help: cancelHelp, footer: true),
            ])
    }
}
