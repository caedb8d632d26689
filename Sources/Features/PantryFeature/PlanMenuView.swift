import BodiiDomain
import GroceryPlanner
import TerminalKit

/// The menu's day in the Plan view: the date with its kcal against the target (red outside ±10 %)
/// and its protein, then one line a meal — its slot, its items with their grams, and where it
/// comes from ("logged 2026-11-20", "gap food"), cut to the width.
@MainActor
struct PlanMenuView {
    let plan: GroceryPlan
    let day: Int

    /// Rows it needs: the day's line and one per meal.
    var height: Int { plan.menu.indices.contains(day) ? 1 + plan.menu[day].meals.count : 0 }

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard plan.menu.indices.contains(day), !area.isEmpty else { return }
        let d = plan.menu[day], target = plan.input.targets.kcal
        let ok = abs(d.kcal - target) <= target * PlanRules.dayKcalTolerance
        let head = Line([
            Span("Day \(day + 1)/\(plan.menu.count) ", .muted), Span(d.date.iso, .accent), Span("  ", .muted),
            Span(WholeNumber.text(d.kcal), ok ? .good : .bad), Span("/" + WholeNumber.text(target) + " kcal", .muted),
            Span("  protein ", .muted), Span(WholeNumber.text(d.proteinG) + " g"), Span("   [ ] other days", .muted),
        ])
        buffer.write(head, in: Rect(x: area.x, y: area.y, width: area.width, height: 1), context: context)
        for (i, meal) in d.meals.enumerated() where i + 1 < area.height {
            let items = meal.items.map { "\(Self.shortName($0.name)) \(WholeNumber.text($0.grams)) g" }.joined(separator: ", ")
            let line = Line([
                Span(TextWidth.fit(meal.slot.label, to: 10), .muted), Span(items), Span(" · " + meal.source.label, .muted),
            ])
            buffer.write(line, in: Rect(x: area.x, y: area.y + 1 + i, width: area.width, height: 1), context: context)
        }
    }

    /// A catalog name to its second comma ("Cereals, oats, regular and quick" is "Cereals, oats"):
    /// the menu's lines stay readable and a food is still told from its kin.
    static func shortName(_ name: String) -> String {
        name.split(separator: ",", omittingEmptySubsequences: false).prefix(2).joined(separator: ",")
    }
}
