import BodiiDomain

/// The report's measurements: the latest of each kind, with its change over the range.
enum MeasurementsText {
    static func render(_ summary: MeasurementSummary, inRange records: [BodyMeasurement], rangeLabel: String, units: UnitSystem) -> String? {
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
        return lines.joined(separator: "\n")
    }
}
