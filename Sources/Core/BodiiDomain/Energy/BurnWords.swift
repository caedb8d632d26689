/// The burn a target starts from, in words a stranger reads without the README, longest first:
/// a narrow column (the Goal card, Diet's totals, the Body tab's sidebar at 80 columns) takes the
/// first that fits. "Burn 2441: 71% from your logs, 24 days" says the figure is a blend, how much
/// of it is measured and on how many days; the formula alone says how many days it waits for.
extension ExpenditureBasis {
    /// Where the figure comes from, without the figure: "71% from your logs, 24 days" … "71% logged".
    public var sourcePhrasings: [String] {
        switch source {
        case .adaptive(let days):
            return ["from your logs, \(Plural.count(days, "day"))", "from your logs, \(days) d", "from your logs", "from logs"]
        case .blended(let days, let share):
            let p = Self.percent(share)
            return [
                "\(p) from your logs, \(Plural.count(days, "day"))", "\(p) from your logs, \(days) d", "\(p) from your logs",
                "\(p) from logs",
                "\(p) logged",
            ]
        case .formula:
            let wanted = AdaptiveExpenditure.minimumDays
            return [
                "formula, \(adaptiveDays) of \(wanted) days logged", "formula, \(adaptiveDays)/\(wanted) d logged",
                "formula, \(adaptiveDays)/\(wanted) d", "formula",
            ]
        }
    }

    /// "Burn 2441 kcal: 71% from your logs, 24 days" … "Burn 2441: 71% logged".
    public var burnPhrasings: [String] {
        let burn = "Burn \(WholeNumber.text(kcalPerDay))", words = sourcePhrasings
        return [burn + " kcal: " + (words.first ?? "")] + words.dropFirst().map { burn + ": " + $0 }
    }
}
