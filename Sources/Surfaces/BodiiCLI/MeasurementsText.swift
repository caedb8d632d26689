import BodiiDomain

/// The report's measurements: the latest of each kind, with its change over the range.
enum MeasurementsText {
    /// `day`: the day's summary, whose BMR says when Katch-McArdle used the estimate (issue 47).
    static func render(
        _ summary: MeasurementSummary, inRange records: [BodyMeasurement], rangeLabel: String, units: UnitSystem, day: DaySummary? = nil
    ) -> String? {
        guard !summary.latest.isEmpty else { return nil }
        let changes = MeasurementSummary.changes(in: records)
        let fmt = UnitFormatter(units)
        var lines = ["Measurements (latest; change over the last \(rangeLabel))"]
        for m in summary.inOrder {
            var line = "  " + m.kind.label.padding(toLength: 20, withPad: " ", startingAt: 0) + m.text(units)
            if let change = changes[m.kind] {
                let shown = m.kind.quantity == .circumference ? fmt.circumferenceValue(change) : change
                let unit = m.kind.quantity == .circumference ? fmt.circumferenceUnit : m.kind.storedUnit
                line += "  (\(SignedNumber.oneDecimal(shown, change: true)) \(unit))"
            }
            lines.append(line)
        }
        if let navy = summary.estimatedBodyFatPercent {
            lines.append("  " + "Body fat (Navy)".padding(toLength: 20, withPad: " ", startingAt: 0) + String(format: "%.1f %% (estimated)", navy))
        }
        if let day, let bmr = day.bmr, day.bmrBodyFatEstimate != nil {
            lines.append("  " + "BMR".padding(toLength: 20, withPad: " ", startingAt: 0) + "\(WholeNumber.text(bmr)) kcal  (\(day.bmrFormulaLabel))")
        }
        return lines.joined(separator: "\n")
    }
}
