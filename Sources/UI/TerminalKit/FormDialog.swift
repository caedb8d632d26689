/// A form in a centred modal: an optional intro line, the fields with their inline errors, and a
/// hint line at the bottom ("Enter save · Esc cancel"). Sized to its content, clamped to the area.
public struct FormDialog: Widget, Equatable, Sendable {
    public var title: String
    public var intro: String?
    public var form: Form
    public var hint: String
    public var width: Int

    public init(title: String, intro: String? = nil, form: Form, hint: String = "Enter save · Esc cancel · Tab next field", width: Int = 72)
    {
        self.title = title
        self.intro = intro
        self.form = form
        self.hint = hint
        self.width = width
    }

    /// Rows the form needs: one a field, one more for each field with an error.
    public var formHeight: Int { form.fields.indices.reduce(0) { $0 + form.height(of: $1) } }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let innerWidth = min(width, area.width) - 4
        let introHeight = intro.map { Paragraph($0, role: .muted).height(forWidth: max(1, innerWidth), context: context) + 1 } ?? 0
        let height = introHeight + formHeight + 4
        let inner = Modal(title: title, width: width, height: height).draw(in: area, buffer: &buffer, context: context)
            .inset(left: 1, right: 1)
        let (body, footer) = inner.splitBottom(1)
        var rest = body
        if let intro {
            let (introRect, after) = body.splitTop(introHeight)
            Paragraph(intro, role: .muted).render(in: introRect, buffer: &buffer, context: context)
            rest = after
        }
        form.render(in: rest, buffer: &buffer, context: context)
        buffer.write(Line(hint, .muted), in: footer, context: context)
    }
}
