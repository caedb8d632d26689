import Foundation

/// A day's body measurements: the latest of each kind on or before it, and the Navy body-fat
/// estimate from them. `today --json`, `bodii today` and the Body tab read this one computation.
public struct MeasurementSummary: Equatable, Sendable {
    public var latest: [MeasurementKind: BodyMeasurement]
    /// `NavyBodyFat` from the latest waist, neck (and hips), with the profile's sex and height.
    public var estimatedBodyFatPercent: Double?

    public init(latest: [MeasurementKind: BodyMeasurement], profile: Profile?) {
        self.latest = latest
        estimatedBodyFatPercent = profile.flatMap { NavyBodyFat.percent(profile: $0, latest: latest) }
    }

    public static func load(on date: LocalDate, source: any MeasurementRepository & ProfileRepository) throws -> MeasurementSummary {
        MeasurementSummary(latest: try source.latestMeasurements(onOrBefore: date), profile: try source.loadProfile())
    }

    /// The latest values in the order of `MeasurementKind`, for a line or a card.
    public var inOrder: [BodyMeasurement] { latest.values.sorted { $0.kind < $1.kind } }

    /// Each kind's change over `records` (one range's, in date order): the last reading less the
    /// first, for kinds read at least twice (blood pressure: the systolic number).
    public static func changes(in records: [BodyMeasurement]) -> [MeasurementKind: Double] {
        var firstAndLast: [MeasurementKind: (first: Double, last: Double, count: Int)] = [:]
        for m in records {
            let seen = firstAndLast[m.kind]
            firstAndLast[m.kind] = (seen?.first ?? m.value, m.value, (seen?.count ?? 0) + 1)
        }
        return firstAndLast.compactMapValues { $0.count > 1 ? $0.last - $0.first : nil }
    }
}
