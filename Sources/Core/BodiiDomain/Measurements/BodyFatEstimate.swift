import Foundation

/// Which body fat Katch-McArdle may use (issue 47): only a logged one (the default), or — when the
/// person chooses — the Navy estimate from the tape on days with no logged body fat. Kept with the
/// goal, like the other target choices, so past days keep the BMR they had.
public enum BodyFatSource: String, CaseIterable, Sendable {
    case logged
    case estimated
}

/// A Navy body-fat estimate (`NavyBodyFat`) as it stood on a day: the percentage and the date of
/// the newest measurement it was worked out from ("estimated body fat 19.1 % from 29 Nov").
public struct BodyFatEstimate: Equatable, Sendable {
    public var date: LocalDate
    public var percent: Double

    public init(date: LocalDate, percent: Double) {
        self.date = date
        self.percent = percent
    }

    /// "estimated body fat 19.1 % from 29 Nov" ("from today" on the day itself).
    public func text(relativeTo today: LocalDate) -> String {
        "estimated body fat \(DecimalText.format(percent, decimals: 1)) % from \(date.shortLabel(relativeTo: today))"
    }

    /// Each day's estimate as the tape changed: `latest` holds the newest of each kind before the
    /// first of `measurements` (which are in date order). A day whose waist, neck or hips gives no
    /// estimate (a missing kind, a neck wider than the waist) ends the one before it.
    public static func history(
        profile: Profile, latest before: [MeasurementKind: BodyMeasurement], measurements: [BodyMeasurement]
    ) -> [(day: LocalDate, estimate: BodyFatEstimate?)] {
        var latest = before
        var days: [(day: LocalDate, estimate: BodyFatEstimate?)] = []
        let start = before.values.map(\.date).max()
        if let start { days.append((start, estimate(profile: profile, latest: latest))) }
        for m in measurements where usedKinds.contains(m.kind) {
            latest[m.kind] = m
            let now = estimate(profile: profile, latest: latest)
            if days.last?.day == m.date { days[days.count - 1].estimate = now } else { days.append((m.date, now)) }
        }
        return days
    }

    static let usedKinds: Set<MeasurementKind> = [.waist, .neck, .hips]

    /// The estimate from the newest of each kind, dated by the newest of those it used.
    static func estimate(profile: Profile, latest: [MeasurementKind: BodyMeasurement]) -> BodyFatEstimate? {
        guard let percent = NavyBodyFat.percent(profile: profile, latest: latest) else { return nil }
        let used: [MeasurementKind] = profile.sex == .female ? [.waist, .neck, .hips] : [.waist, .neck]
        guard let date = used.compactMap({ latest[$0]?.date }).max() else { return nil }
        return BodyFatEstimate(date: date, percent: percent)
    }
}
