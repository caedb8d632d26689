import Foundation

/// Physical ranges for values only imports bring (nothing types them in): what a day or a workout
/// can hold. Values outside are skipped and counted, never clamped (a clamp would store a lie).
extension Validation {
    /// Steps in a day: a 24-hour ultramarathon (≈ 200 km) is about 250,000.
    public static let stepsPerDayRange: ClosedRange<Double> = 0...300_000
    /// Active energy in a day, or one workout's: a 24-hour race burns about 15,000 kcal.
    public static let activeKcalRange: ClosedRange<Double> = 0...20_000
}
