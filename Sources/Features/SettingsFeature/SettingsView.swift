import BodiiDomain
import TerminalKit

/// Draws Settings: the section list on the left, the chosen section on the right. The forms draw
/// over it themselves (`SettingsFormFlow`); the units and theme lists draw it again with their
/// selection (`chooserIndex`), since they live inside the section panel.
struct SettingsView: Widget {
    let section: SettingsViewModel.Section
    /// The row selected in the open units or theme list (nil: no list open).
    let chooserIndex: Int?
    let profile: Profile?
    let goals: GoalOverview?
    let themeNames: [String]
    let themeProblems: [String]
    let databasePath: String
    let today: LocalDate
    var importSummary: [String] = []
    var syncStatus: [String] = []
    var currency: Currency = .default

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let (menuArea, contentArea) = area.splitLeft(18)
        let menu = Block(title: "Settings")
        menu.render(in: menuArea, buffer: &buffer, context: context)
        let menuInner = menu.inner(menuArea)
        for s in SettingsViewModel.Section.allCases where s.rawValue < menuInner.height {
            let row = Rect(x: menuInner.x, y: menuInner.y + s.rawValue, width: menuInner.width, height: 1)
            let selected = s == section
            if selected { buffer.fill(row, style: context.style(.selection)) }
            buffer.write(" " + s.title, in: row, style: selected ? context.style(.selection) : context.style(.text))
        }
        let block = Block(title: section.title)
        block.render(in: contentArea, buffer: &buffer, context: context)
        let inner = block.inner(contentArea).inset(left: 1, right: 1)
        switch section {
        case .profile: renderProfile(in: inner, &buffer, context)
        case .goal: renderGoal(in: inner, &buffer, context)
        case .units: renderUnits(in: inner, &buffer, context)
        case .checkIn: renderCheckIn(in: inner, &buffer, context)
        case .theme: renderThemes(in: inner, &buffer, context)
        case .data: renderData(in: inner, &buffer, context)
        case .nutrients:
            Paragraph(
                [
                    Line("Your daily targets for vitamins, minerals, fiber and fats.", .text),
                    Line("Defaults follow your age and sex (National Academies DRI); change any, or hide one.", .muted),
                    Line("Enter to change.", .muted),
                ], overflow: .wrap
            ).render(in: inner, buffer: &buffer, context: context)
        }
    }

    private func pair(_ label: String, _ value: String) -> Line {
        Line([Span(label.padding(toLength: 12, withPad: " ", startingAt: 0), .muted), Span(value)])
    }

    private func renderProfile(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard let p = profile else {
            Paragraph("No profile yet.", role: .muted).render(in: rect, buffer: &buffer, context: context)
            return
        }
        let fmt = UnitFormatter(p.unitSystem)
        Paragraph(
            [
                pair("Name", p.name),
                pair("Sex", p.sex.label),
                pair("Born", "\(p.birthDate.iso)  (age \(p.age(on: today)))"),
                pair("Height", fmt.height(p.heightCm)),
                pair("Activity", p.activityLevel.label),
                "",
                Line("Press Enter to edit.", .muted),
            ], overflow: .truncate
        ).render(in: rect, buffer: &buffer, context: context)
    }

    private func renderGoal(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard let p = profile else { return }
        let fmt = UnitFormatter(p.unitSystem)
        var lines: [Line] = []
        if let g = goals?.goal {
            let rate = g.weeklyRateKg == 0 ? "hold steady" : fmt.massChange(-g.weeklyRateKg) + " a week"
            lines += [
                pair("Goal", "\(g.type.label) · \(rate)"),
                pair(
                    "Target",
                    g.targetWeightKg.map { fmt.mass($0) + (g.targetBodyFatPercent.map { " at \(DecimalText.format($0)) % fat" } ?? "") }
                        ?? "—"),
                pair(
                    "Today",
                    goals?.targets.map { "\(WholeNumber.text($0.kcal)) kcal" + ($0.addsExerciseBack ? " + exercise (added back)" : "") }
                        ?? "— (log a weight)"),
            ]
            // Under the target it explains, in the Goal card's words.
            if let basis = goals?.basis {
                lines.append(Line("  " + (basis.burnPhrasings.first ?? ""), .muted))
                if let detail = basis.basisDetail { lines.append(Line("  (" + detail + ")", .muted)) }
            }
            lines += [
                pair(
                    "Macros",
                    goals?.targets.map { t in
                        t.macros.map {
                            "protein \(WholeNumber.text($0.proteinG)) g · carbs \(WholeNumber.text($0.carbsG)) g\($0.carbsAreNet ? " net" : "") · fat \(WholeNumber.text($0.fatG)) g"
                        } ?? "— (" + DayTargets.macrosNeedAWeight + ")"
                    } ?? "—"),
                pair("Calories", g.choice.caloriesText),
                pair("Split", g.choice.splitText(proteinPerKg: g.proteinPerKg)),
            ]
            // Said only when chosen: the default (a logged body fat only) is what BMR always did.
            if g.choice.bodyFat == .estimated { lines.append(pair("Body fat", g.choice.bodyFatText)) }
            if let progress = goals?.progress {
                let status: String
                if progress.reached {
                    status = "reached — the trend is at the target"
                } else {
                    let left = fmt.mass(abs(progress.remainingKg)) + " to go"
                    status =
                        left
                        + (progress.eta.map { " · ETA \($0.shortLabel(relativeTo: today))" }
                            ?? " · no ETA: the trend is not heading there yet")
                }
                lines.append(pair("Progress", status))
            }
        } else {
            lines.append(Line("No goal yet: the target is your expenditure.", .muted))
        }
        lines += ["", Line("Press Enter to set a new goal.", .muted)]
        let history = goals?.history.dropFirst() ?? []
        if !history.isEmpty {
            lines += ["", Line("Earlier goals", .title)]
            for g in history.prefix(max(0, rect.height - lines.count - 1)) {
                let rate = g.weeklyRateKg == 0 ? "hold" : fmt.massChange(-g.weeklyRateKg) + "/wk"
                lines.append(
                    Line([
                        Span(g.createdOn.iso + "  ", .muted),
                        Span("\(g.type.label), \(rate)" + (g.dailyCalorieTarget.map { ", \(WholeNumber.text($0)) kcal" } ?? "")),
                    ]))
            }
        }
        Paragraph(lines).render(in: rect, buffer: &buffer, context: context)
    }

    private func renderCheckIn(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard let p = profile else { return }
        Paragraph([
            Line("The check-in (c) writes your note into this sentence:", .muted),
            "",
            Line(p.checkInTemplate, .accent),
            "",
            Line("e.g. “" + DailyCheckIn.sentence(template: p.checkInTemplate, mood: 4, note: "I slept well") + "”", .muted),
            "",
            Line("Press Enter to change it.", .muted),
        ]).render(in: rect, buffer: &buffer, context: context)
    }

    private func list(_ items: [String], current: String?, selected: Int?, in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext)
    {
        for (i, item) in items.enumerated() where i < rect.height {
            let row = Rect(x: rect.x, y: rect.y + i, width: min(rect.width, 30), height: 1)
            let isSelected = i == selected
            if isSelected { buffer.fill(row, style: context.style(.selection)) }
            let mark = item == current ? (context.symbols.isUnicode ? "● " : "* ") : "  "
            buffer.write(mark + item, in: row, style: context.style(isSelected ? .selection : (item == current ? .accent : .text)))
        }
    }

    private func renderUnits(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let names = UnitSystem.allCases.map { $0 == .metric ? "Metric (kg, cm)" : "Imperial (lb, ft/in)" }
        let current = profile.flatMap { p in UnitSystem.allCases.firstIndex(of: p.unitSystem).map { names[$0] } }
        let selected = chooserIndex
        list(names, current: current, selected: selected, in: rect, &buffer, context)
        let note = Rect(x: rect.x, y: rect.y + names.count + 1, width: rect.width, height: 2)
        Paragraph(
            selected == nil ? "Press Enter to change. Data is always stored metric." : "j/k choose · Enter save · Esc cancel",
            role: .muted
        ).render(in: note, buffer: &buffer, context: context)
        let c = currency
        let money = [
            Line([
                Span("Money     ", .muted),
                Span(
                    "\(c.code) (\(c.symbol.trimmingCharacters(in: .whitespaces)), "
                        + Plural.count(c.decimals, "decimal") + ")"),
            ]),
            Line("Set with currency = \"GBP\" in the config file.", .muted),
        ]
        Paragraph(money, overflow: .truncate).render(
            in: Rect(x: rect.x, y: note.maxY + 1, width: rect.width, height: 2), buffer: &buffer, context: context)
    }

    private func renderThemes(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let selected = chooserIndex
        let (listArea, previewArea) = rect.splitLeft(min(32, rect.width / 2))
        list(themeNames, current: profile?.themeName, selected: selected, in: listArea, &buffer, context)
        let sample: [Line] = [
            Line("Preview", .title),
            Line([Span("text ", .text), Span("muted ", .muted), Span("accent", .accent)]),
            Line([Span("good ", .good), Span("warn ", .warn), Span("bad", .bad)]),
            Line([Span("protein ", .protein), Span("carbs ", .carbs), Span("fat", .fat)]),
            Line([Span("chart ", .muted)] + [Role.series1, .series2, .series3, .series4].map { Span(context.symbols.full + " ", $0) }),
            Line(" selected row ", .selection),
            "",
            Line(selected == nil ? "Enter, then j/k" : "Enter save, Esc cancel", .muted),
        ]
        Paragraph(sample, overflow: .truncate).render(in: previewArea, buffer: &buffer, context: context)
        if !themeProblems.isEmpty {
            let y = listArea.y + max(themeNames.count, sample.count) + 1
            let problems = Rect(x: rect.x, y: y, width: rect.width, height: max(0, rect.maxY - y))
            Paragraph([Line("Themes that could not be read:", .warn)] + themeProblems.map { Line($0, .muted) })
                .render(in: problems, buffer: &buffer, context: context)
        }
    }

    private func renderData(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        var lines: [Line] = [
            Line("Database", .muted),
            Line(databasePath),
            "",
            Line(
                "One SQLite file; copy it to back up. Enter imports an Apple Health export (export.zip or export.xml) or a Cronometer CSV, or exports everything (JSON, CSV).",
                .muted),
        ]
        if !importSummary.isEmpty {
            lines += ["", Line("Last import", .muted)] + importSummary.map { Line(TerminalText.printable($0)) }
        }
        // Only on a machine that syncs (the other machines' setup is `bodii sync init`/`join`).
        if !syncStatus.isEmpty {
            lines += ["", Line("Sync", .muted)] + syncStatus.map { Line(TerminalText.printable($0)) }
        }
        Paragraph(lines).render(in: rect, buffer: &buffer, context: context)
    }
}
