import TerminalKit

/// Sample widgets with realistic Bodii data, shared by snapshot and no-crash tests.
enum Fixtures {
    static let block = Block(title: "Weight", rightTitle: "7 days")

    static let paragraph = Paragraph([
        Line([
            Span("Today ", .title), Span("1 850", .accent), Span(" of 2 200 kcal eaten, ", .text),
            Span("350 left", .good), Span(".", .text),
        ]),
        Line("Protein is the macro furthest from its target; a yoghurt or eggs would close it.", .muted),
        Line("日本語のテキストも折り返せます", .text),
    ])

    static let tabs = Tabs(["Dashboard", "Body", "Diet", "Exercise", "Sleep", "Settings"], selected: 2)

    static let columns = [
        TableColumn("Food", width: .fill(1)),
        TableColumn("Amount", width: .length(7), alignment: .right),
        TableColumn("kcal", width: .length(5), alignment: .right),
    ]

    static let foods = [
        "Oatmeal", "Banana", "Greek yoghurt", "Chicken breast", "Brown rice", "Broccoli",
        "Olive oil", "Apple", "Almonds", "Salmon fillet",
    ]

    static func table(selected: Int? = 1) -> Table {
        Table(
            columns: columns,
            rows: foods.enumerated().map { i, name in
                TableRow([Span(name), Span("\(40 + i * 15) g"), Span("\(100 + i * 37)", i == 3 ? .warn : .text)])
            },
            selected: selected)
    }

    static let emptyTable = Table(columns: columns, rows: [], selected: nil, emptyMessage: "No food logged today")

    static let gauge = Gauge(label: "Protein", value: 96, max: 140, valueText: "96 / 140 g", role: .protein)
    static let overGauge = Gauge(label: "Calories", value: 2450, max: 2200, valueText: "2450 / 2200 kcal")

    static let sleepBars = BarChart(
        values: [7.2, 6.1, nil, 8.4, 9.3, 5.5, 7.8],
        labels: ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"],
        unit: "h", target: .band(7...9), offTargetRole: .warn)

    static let calorieBars = BarChart(
        values: [2100, 1950, 2400, 0, 2250, 1800, 2600, 2050, nil, 2150, 1990, 2300, 2210, 1700],
        labels: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14"],
        unit: "kcal", target: .line(2200))

    static let weight: [Double?] = [82.4, 82.1, 82.6, 81.9, nil, 81.5, 81.7, 81.2, 81.0, 81.3, 80.8, 80.9, 80.4, 80.6]
    static let trend: [Double?] = [82.4, 82.3, 82.3, 82.2, 82.1, 82.0, 81.9, 81.7, 81.6, 81.5, 81.3, 81.2, 81.0, 80.9]

    static let lineChart = LineChart(
        series: [ChartSeries(weight, role: .series2), ChartSeries(trend, role: .series1)],
        labels: ["1 Mar", "", "", "", "", "", "", "8 Mar", "", "", "", "", "", "14 Mar"],
        unit: "kg")

    static let sparkline = Sparkline(weight)

    static var textField: TextField {
        var f = TextField(text: "Greek yoghurt with honey", placeholder: "Search foods")
        f.moveCursor(to: 6)
        return f
    }

    static let emptyField = TextField(placeholder: "Search foods")

    static var form: Form {
        var form = Form(
            fields: [
                .text("weight", label: "Weight", text: "81.4", placeholder: "kg", hint: "kg, one decimal"),
                .choice("sleep", label: "Sleep quality", options: ["1", "2", "3", "4", "5"], selected: 3, hint: "←/→"),
                .text("note", label: "Note", placeholder: "How was the day?"),
                .choice("mood", label: "Mood", options: ["Low", "Okay", "Good", "Great"], selected: 2),
            ], focus: 1)
        form.errors["weight"] = "Weight must be between 20 and 400 kg"
        return form
    }

    static let modal = Modal(title: "Add weight", width: 30, height: 7)
    static let confirmation = Confirmation(title: "Delete", message: "Delete this entry?")

    static let appKeys = KeyMap(
        title: "Global",
        bindings: [
            KeyBinding([.char("1"), .char("6")], label: "1–6", help: "switch tab"),
            KeyBinding([.tab, .backTab], help: "next / previous tab"),
            KeyBinding([.char("?")], help: "help", footer: true),
            KeyBinding([.char("c")], help: "daily check-in", footer: true),
            KeyBinding([.char("q")], help: "quit", footer: true),
            KeyBinding([.ctrl("c")], help: "quit at once"),
        ])

    static let dietKeys = KeyMap(
        title: "Diet",
        bindings: [
            KeyBinding([.char("a"), .char("/")], help: "search food", footer: true),
            KeyBinding([.char("e")], help: "edit entry", footer: true),
            KeyBinding([.char("x")], help: "delete entry", footer: true),
            KeyBinding([.char("u")], help: "undo delete"),
            KeyBinding([.char("["), .char("]")], label: "[ ]", help: "previous / next day", footer: true),
            KeyBinding([.char("t")], help: "today"),
            KeyBinding([.char("j"), .char("k")], label: "j/k", help: "move selection"),
        ])

    static let help = HelpOverlay(keyMaps: [dietKeys, appKeys])
    static let footer = Footer(keyMaps: [dietKeys, appKeys])

    /// Twelve weeks of check-ins starting on a Wednesday, ending mid-week.
    static var dotGrid: DotGrid {
        let days: [DotGrid.Day?] = (0..<80).map { i in
            switch i % 9 {
            case 0, 4: return DotGrid.Day(.empty, role: .muted)
            case 6: return DotGrid.Day(.half, role: .warn)
            default: return DotGrid.Day(.full, role: .good)
            }
        }
        return DotGrid(days: days, startWeekday: 2, rowLabels: ["Mo", "", "We", "", "Fr", "", "Su"])
    }

    static let tooSmall = TooSmall(minWidth: 80, minHeight: 24)

    /// Every widget, for tests that must cover them all.
    static var all: [(String, any Widget)] {
        [
            ("block", block), ("paragraph", paragraph), ("paragraph-truncate", Paragraph(paragraph.lines, overflow: .truncate)),
            ("tabs", tabs), ("table", table()), ("table-empty", emptyTable), ("gauge", gauge), ("gauge-over", overGauge),
            ("bars-sleep", sleepBars), ("bars-kcal", calorieBars), ("line", lineChart), ("sparkline", sparkline),
            ("textfield", textField), ("textfield-empty", emptyField), ("form", form), ("modal", modal),
            ("confirmation", confirmation), ("help", help), ("footer", footer), ("dotgrid", dotGrid),
            ("too-small", tooSmall),
        ]
    }
}
