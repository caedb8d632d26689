import BodiiDomain
import Foundation

/// Apple Health's workout types (`HKWorkoutActivityType…`) as activities of Bodii's catalog.
public enum WorkoutTypes {
    static let table: [String: String] = [
        "Running": "Running", "Walking": "Walking", "Cycling": "Cycling", "Swimming": "Swimming", "Hiking": "Hiking",
        "Yoga": "Yoga", "TraditionalStrengthTraining": "Strength training", "FunctionalStrengthTraining": "Strength training",
        "HighIntensityIntervalTraining": "HIIT", "Elliptical": "Elliptical trainer", "Rowing": "Rowing machine",
        "StairClimbing": "Stair climber machine", "Stairs": "Stair climbing", "Pilates": "Pilates", "Dance": "Dancing",
        "SocialDance": "Dancing", "CardioDance": "Dance fitness (jazzercise)", "CrossTraining": "Circuit training",
        "MixedCardio": "Aerobics", "MixedMetabolicCardioTraining": "Aerobics", "JumpRope": "Jump rope", "Boxing": "Boxing",
        "Kickboxing": "Boxing", "MartialArts": "Martial arts", "Soccer": "Soccer", "Basketball": "Basketball",
        "Tennis": "Tennis", "Golf": "Golf", "Climbing": "Rock climbing", "DownhillSkiing": "Skiing, downhill or snowboarding",
        "Snowboarding": "Skiing, downhill or snowboarding", "CrossCountrySkiing": "Skiing, cross-country",
        "PaddleSports": "Canoeing or kayaking", "SurfingSports": "Surfing", "Badminton": "Badminton",
        "TableTennis": "Table tennis", "Squash": "Squash", "Racquetball": "Racquetball", "Volleyball": "Volleyball",
        "Rugby": "Rugby", "Cricket": "Cricket", "Baseball": "Baseball or softball", "Softball": "Baseball or softball",
        "AmericanFootball": "American football", "Hockey": "Ice hockey", "TaiChi": "Tai chi", "Flexibility": "Stretching",
        "Cooldown": "Stretching", "MindAndBody": "Yoga", "WaterFitness": "Water aerobics", "Bowling": "Bowling",
        "Fencing": "Fencing", "Gymnastics": "Gymnastics", "EquestrianSports": "Horseback riding", "SkatingSports": "Ice skating",
        "WheelchairWalkPace": "Walking", "WheelchairRunPace": "Running", "HandCycling": "Cycling",
    ]

    /// MET of a workout type the catalog does not know (a moderate effort).
    public static let fallbackMET = 4.0

    /// The catalog activity for a type ("Running", without the `HKWorkoutActivityType` prefix), or
    /// the type's words ("Fitness gaming") when the catalog has none.
    public static func activity(for type: String) -> (name: String, activity: Activity?) {
        if let name = table[type], let activity = ActivityCatalog.activity(named: name) { return (activity.name, activity) }
        var words = ""
        for c in type {
            if c.isUppercase, !words.isEmpty { words += " " + c.lowercased() } else { words.append(c) }
        }
        return (words.isEmpty ? "Workout" : words, nil)
    }
}
