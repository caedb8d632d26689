import BodiiDomain
import Foundation

/// A deterministic, realistic Apple Health export for tests and benchmarks (issue 13): iOS 16's
/// broken DTD, `Me`, weight in kg and in lb, body fat as a fraction, Watch and iPhone steps in the
/// same hours, active energy from both, sleep stages with InBed and the legacy Asleep, dietary
/// energy in `Cal` with a food Correlation repeating it, heart-rate bulk with metadata, workouts in
/// the old and the iOS 16 layout, ActivitySummary, a weekly waist in cm or in (one a typo in m),
/// a daily resting heart rate and blood pressure readings as Correlations — all in UTC+9, which is
/// not the machine's zone.
/// It writes as it goes (memory does not grow with the years) and returns what an import must find.
public struct AppleHealthSample {
    public struct Day: Equatable, Sendable {
        public var steps = 0
        public var activeKcal = 0.0
        public var weightKg: Double?
        public var bodyFatPercent: Double?
        public var sleepMinutes: Int?
        public var workouts = 0
        public var eatenKcal = 0.0
        /// Issue 47's measurements: the day's waist (cm), resting heart rate and blood pressure.
        public var waistCm: Double?
        public var restingHeartRate: Double?
        public var systolic: Double?
        public var diastolic: Double?
        /// Measurement records the import must skip (out of range).
        public var impossibleMeasurements = 0
    }

    public var firstDay: LocalDate
    public var days: Int
    /// Heart-rate readings an hour (the bulk that makes real exports big).
    public var heartRatePerHour: Int
    /// iOS 16's DTD, with its ATTLIST missing a `>` (the default); false writes it mended, so
    /// that `xmllint` (which stops at the broken one) can parse the same file for a benchmark floor.
    public var brokenDTD: Bool

    public init(firstDay: LocalDate, days: Int, heartRatePerHour: Int = 12, brokenDTD: Bool = true) {
        self.firstDay = firstDay
        self.days = days
        self.heartRatePerHour = heartRatePerHour
        self.brokenDTD = brokenDTD
    }

    static let watch = "Kenji’s Apple Watch"
    static let phone = "Kenji’s iPhone"
    static let offset = "+0900"

    private struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    }

    static func stamp(_ day: LocalDate, _ minute: Int) -> String {
        let d = day.adding(days: minute >= 0 ? minute / 1440 : (minute - 1439) / 1440)
        let m = ((minute % 1440) + 1440) % 1440
        return "\(d.iso) " + String(format: "%02d:%02d:00 ", m / 60, m % 60) + offset
    }

    /// Writes the export to `output` (chunk by chunk) and returns, per day, what it holds.
    @discardableResult
    public func write(to output: (Data) throws -> Void) throws -> [LocalDate: Day] {
        var expected: [LocalDate: Day] = [:]
        var random = Random(state: 2026)
        // Measurements draw their own numbers, so the other figures stay what they were before them.
        var measures = Random(state: 47)
        var text = ""
        text.reserveCapacity(1 << 20)
        func flush(_ force: Bool = false) throws {
            if force || text.utf8.count > 900_000 {
                try output(Data(text.utf8))
                text.removeAll(keepingCapacity: true)
            }
        }
        func record(
            _ type: String, _ source: String, _ start: String, _ end: String, _ value: String, _ unit: String?, children: String = ""
        ) {
            text += Self.record(type, source, start, end, value, unit, children: children)
        }
        let q = "HKQuantityTypeIdentifier"
        text +=
            brokenDTD ? Self.header : Self.header.replacingOccurrences(of: "  time CDATA #REQUIRED\n", with: "  time CDATA #REQUIRED\n>\n")
        for i in 0..<days {
            let day = firstDay.adding(days: i)
            var e = expected[day] ?? Day()
            // Weight every morning: kg from the scale on even days, lb typed in on odd ones; body fat weekly.
            let kg = 82 - Double(i) * 0.004 + Double(random.int(-4...4)) / 10
            let at = Self.stamp(day, 7 * 60 + random.int(0...20))
            if i % 2 == 0 {
                record(q + "BodyMass", "Withings", at, at, String(format: "%.1f", kg), "kg")
                e.weightKg = (kg * 10).rounded() / 10
            } else {
                let lb = (kg / 0.45359237 * 10).rounded() / 10
                record(q + "BodyMass", "Health", at, at, String(format: "%.1f", lb), "lb")
                e.weightKg = lb * 0.45359237
            }
            if i % 7 == 0 {
                let fraction = Double(random.int(180...240)) / 1000
                record(q + "BodyFatPercentage", "Withings", at, at, String(format: "%.3f", fraction), "%")
                e.bodyFatPercent = fraction * 100
            }
            text += Self.measurements(day, i, &e, &measures)
            // Steps and active energy, 07:00–22:59: two Watch records and one iPhone record an hour
            // for the same walking; the bigger of the two sources counts.
            for hour in 7...22 {
                let w1 = random.int(0...600), w2 = random.int(0...600), p = random.int(0...1300)
                record(q + "StepCount", Self.watch, Self.stamp(day, hour * 60), Self.stamp(day, hour * 60 + 20), "\(w1)", "count")
                record(q + "StepCount", Self.watch, Self.stamp(day, hour * 60 + 20), Self.stamp(day, hour * 60 + 50), "\(w2)", "count")
                record(q + "StepCount", Self.phone, Self.stamp(day, hour * 60 + 5), Self.stamp(day, hour * 60 + 55), "\(p)", "count")
                e.steps += max(w1 + w2, p)
                let wk = Double(random.int(50...400)) / 10, pk = Double(random.int(50...400)) / 10
                record(
                    q + "ActiveEnergyBurned", Self.watch, Self.stamp(day, hour * 60), Self.stamp(day, hour * 60 + 59),
                    String(format: "%.1f", wk), "kcal")
                record(
                    q + "ActiveEnergyBurned", Self.phone, Self.stamp(day, hour * 60), Self.stamp(day, hour * 60 + 59),
                    String(format: "%.1f", pk), "kcal")
                e.activeKcal += max(wk, pk)
                for k in 0..<heartRatePerHour {
                    let t = Self.stamp(day, hour * 60 + k * 60 / max(1, heartRatePerHour))
                    record(
                        q + "HeartRate", Self.watch, t, t, "\(random.int(55...140))", "count/min",
                        children: "  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(random.int(0...2))\"/>\n")
                }
            }
            // The night ending this morning: in bed 23:00–07:00 (phone), the Watch's stages, the phone's
            // legacy Asleep inside the first stage (so the union is the stages' sum).
            let sleepType = "HKCategoryTypeIdentifierSleepAnalysis", v = "HKCategoryValueSleepAnalysis"
            let bed = -60 + random.int(0...30)
            record(sleepType, Self.phone, Self.stamp(day, bed - 10), Self.stamp(day, 7 * 60), v + "InBed", nil)
            var t = bed
            var asleep = 0
            for (stage, length) in [
                ("AsleepCore", random.int(80...120)), ("AsleepDeep", random.int(40...70)), ("Awake", random.int(5...20)),
                ("AsleepREM", random.int(30...60)), ("AsleepCore", random.int(100...150)),
            ] {
                record(sleepType, Self.watch, Self.stamp(day, t), Self.stamp(day, t + length), v + stage, nil)
                if stage != "Awake" { asleep += length }
                t += length
            }
            record(sleepType, Self.phone, Self.stamp(day, bed + 10), Self.stamp(day, bed + 70), v + "Asleep", nil)
            e.sleepMinutes = asleep
            // Meals: top-level dietary energy in Cal; lunch also inside a food Correlation.
            for (minute, kcal) in [
                (8 * 60, random.int(300...600)), (12 * 60 + 30, random.int(500...900)), (19 * 60, random.int(600...1000)),
            ] {
                let s = Self.stamp(day, minute)
                record(q + "DietaryEnergyConsumed", "MyFitnessPal", s, s, "\(kcal)", "Cal")
                e.eatenKcal += Double(kcal)
                if minute == 12 * 60 + 30 {
                    text +=
                        " <Correlation type=\"HKCorrelationTypeIdentifierFood\" sourceName=\"MyFitnessPal\" creationDate=\"\(s)\" startDate=\"\(s)\" endDate=\"\(s)\">\n"
                    record(q + "DietaryEnergyConsumed", "MyFitnessPal", s, s, "\(kcal)", "Cal")
                    record(q + "DietaryProtein", "MyFitnessPal", s, s, "\(random.int(20...40))", "g")
                    text += " </Correlation>\n"
                }
            }
            // A workout every third day, alternating the old and the iOS 16 layout.
            if i % 3 == 0 {
                let types = ["Running", "Walking", "Cycling", "Yoga"]
                let type = types[(i / 3) % types.count]
                let start = 18 * 60, minutes = random.int(25...70), kcal = random.int(150...600)
                let s = Self.stamp(day, start), end = Self.stamp(day, start + minutes)
                if (i / 3) % 2 == 0 {
                    text +=
                        " <Workout workoutActivityType=\"HKWorkoutActivityType\(type)\" duration=\"\(minutes)\" durationUnit=\"min\" totalDistance=\"5\" totalDistanceUnit=\"km\" totalEnergyBurned=\"\(kcal)\" totalEnergyBurnedUnit=\"kcal\" sourceName=\"\(Self.watch)\" sourceVersion=\"9.1\" creationDate=\"\(end)\" startDate=\"\(s)\" endDate=\"\(end)\">\n  <MetadataEntry key=\"HKIndoorWorkout\" value=\"0\"/>\n </Workout>\n"
                } else {
                    text +=
                        " <Workout workoutActivityType=\"HKWorkoutActivityType\(type)\" duration=\"\(minutes)\" durationUnit=\"min\" sourceName=\"\(Self.watch)\" sourceVersion=\"10.1\" creationDate=\"\(end)\" startDate=\"\(s)\" endDate=\"\(end)\">\n  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" startDate=\"\(s)\" endDate=\"\(end)\" sum=\"\(kcal)\" unit=\"kcal\"/>\n </Workout>\n"
                }
                e.workouts += 1
            }
            text +=
                " <ActivitySummary dateComponents=\"\(day.iso)\" activeEnergyBurned=\"\(Int(e.activeKcal))\" activeEnergyBurnedGoal=\"400\" activeEnergyBurnedUnit=\"Cal\" appleExerciseTime=\"30\" appleExerciseTimeGoal=\"30\" appleStandHours=\"10\" appleStandHoursGoal=\"12\"/>\n"
            expected[day] = e
            try flush()
        }
        text += "</HealthData>\n"
        try flush(true)
        return expected
    }

    /// Issue 47: a waist weekly (cm from the Health app, in typed in; day 4's "4.5 m" is a typo,
    /// skipped), a resting heart rate from the Watch every morning, and on odd days a blood
    /// pressure Correlation — with its two numbers written again at the top level, as Health does.
    private static func measurements(_ day: LocalDate, _ i: Int, _ e: inout Day, _ random: inout Random) -> String {
        let q = "HKQuantityTypeIdentifier"
        let morning = stamp(day, 6 * 60 + 30)
        var text = ""
        if i % 7 == 3 {
            let cm = Double(random.int(800...900)) / 10
            if i % 14 == 3 {
                text += record(q + "WaistCircumference", "Health", morning, morning, String(format: "%.1f", cm), "cm")
                e.waistCm = cm
            } else {
                let inches = (cm / 2.54 * 10).rounded() / 10
                text += record(q + "WaistCircumference", "Health", morning, morning, String(format: "%.1f", inches), "in")
                e.waistCm = (inches * 2.54 * 100).rounded() / 100
            }
        }
        if i == 4 {
            text += record(q + "WaistCircumference", "Health", morning, morning, "4.5", "m")
            e.impossibleMeasurements += 1
        }
        let rhr = random.int(50...65)
        text += record(q + "RestingHeartRate", watch, morning, morning, "\(rhr)", "count/min")
        e.restingHeartRate = Double(rhr)
        guard i % 2 == 1 else { return text }
        let high = random.int(110...135), low = random.int(70...85)
        let at = stamp(day, 8 * 60)
        let numbers =
            record(q + "BloodPressureSystolic", "Omron", at, at, "\(high)", "mmHg")
            + record(q + "BloodPressureDiastolic", "Omron", at, at, "\(low)", "mmHg")
        text +=
            numbers + " <Correlation type=\"HKCorrelationTypeIdentifierBloodPressure\" sourceName=\"Omron\" creationDate=\"\(at)\" "
            + "startDate=\"\(at)\" endDate=\"\(at)\">\n" + numbers + " </Correlation>\n"
        e.systolic = Double(high)
        e.diastolic = Double(low)
        return text
    }

    /// One `<Record>`, with its children (metadata) when it has any.
    static func record(
        _ type: String, _ source: String, _ start: String, _ end: String, _ value: String, _ unit: String?, children: String = ""
    ) -> String {
        " <Record type=\"\(type)\" sourceName=\"\(source)\" sourceVersion=\"17.1\""
            + (unit.map { " unit=\"\($0)\"" } ?? "")
            + " creationDate=\"\(end)\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value)\""
            + (children.isEmpty ? "/>\n" : ">\n\(children) </Record>\n")
    }

    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 13 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
        <!ATTLIST Record
          type          CDATA #REQUIRED
          unit          CDATA #IMPLIED
          value         CDATA #IMPLIED
          sourceName    CDATA #REQUIRED
          startDate     CDATA #REQUIRED
          endDate       CDATA #REQUIRED
        >
        <!ELEMENT InstantaneousBeatsPerMinute EMPTY>
        <!ATTLIST InstantaneousBeatsPerMinute
          bpm  CDATA #REQUIRED
          time CDATA #REQUIRED
        <!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
        ]>
        <HealthData locale="ja_JP">
         <ExportDate value="2026-11-22 09:00:00 +0900"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1988-02-03" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>

        """
}
