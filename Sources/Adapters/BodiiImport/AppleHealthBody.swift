import BodiiDomain
import Foundation

/// Weigh-ins and body-fat readings as they stream past, each kept once whatever the number of
/// sources, made into `BodyRecord`s when the pass ends: a weigh-in with its day's nearest reading.
struct AppleHealthBody {
    struct Weight {
        let time: HealthTimestamp
        let kg: Double
    }
    /// By external id ("weight/<stamp>/<kg>"): the same weigh-in from two sources is one.
    private var weights: [String: Weight] = [:]
    struct Fat: Hashable {
        let time: HealthTimestamp
        let tenths: Int  // percent × 10
    }
    private var fats = Set<Fat>()

    mutating func addMass(_ element: XMLElementStart, pass: inout AppleHealthPass) {
        guard let time = pass.start(element, .body) else { return }
        let factor: Double?
        if let unit = element.value("unit") {
            if XMLBytes.equals(unit, "kg") {
                factor = 1
            } else if XMLBytes.equals(unit, "lb") {
                factor = 0.45359237
            } else if XMLBytes.equals(unit, "g") {
                factor = 0.001
            } else if XMLBytes.equals(unit, "st") {
                factor = 6.35029318
            } else {
                factor = nil
            }
        } else {
            factor = 1
        }
        guard let value = AppleHealthValues.number(element, "value"), let factor else {
            pass.data.skip(.body, "unreadable value or unit")
            return
        }
        let kg = value * factor
        guard kg.isFinite, Validation.weightRangeKg.contains(kg) else {
            pass.data.skip(.body, "weight out of range (\(AppleHealthValues.rangeText(Validation.weightRangeKg, "kg")))")
            return
        }
        let id = "weight/\(element.string("startDate") ?? "")/\(DecimalText.format(kg, decimals: 2))"
        guard weights[id] == nil else {
            pass.data.skip(.body, "the same weigh-in from another source")
            return
        }
        weights[id] = Weight(time: time, kg: kg)
        pass.keep(on: time.day)
    }

    mutating func addFat(_ element: XMLElementStart, pass: inout AppleHealthPass) {
        guard let time = pass.start(element, .body) else { return }
        guard var value = AppleHealthValues.number(element, "value") else {
            pass.data.skip(.body, "unreadable value or unit")
            return
        }
        // Health stores a fraction (0.215 with unit "%"); a few apps wrote the percentage itself.
        if value <= 1 { value *= 100 }
        guard Validation.bodyFatRangePercent.contains(value) else {
            pass.data.skip(.body, "body fat out of range (\(AppleHealthValues.rangeText(Validation.bodyFatRangePercent, "%")))")
            return
        }
        if fats.insert(Fat(time: time, tenths: Int((value * 10).rounded()))).inserted { pass.keep(on: time.day) }
    }

    /// The weigh-ins in time order: what workouts without energy are reckoned with.
    var weighInsByTime: [Weight] { weights.values.sorted { $0.time.instant < $1.time.instant } }

    /// The last weigh-in kept (kg).
    var lastWeightKg: Double? { weights.values.max { $0.time.instant < $1.time.instant }?.kg }

    func records(_ out: inout AppleHealthData) -> [BodyRecord] {
        var fatsByDay: [LocalDate: [Fat]] = [:]
        for fat in fats { fatsByDay[fat.time.day, default: []].append(fat) }
        var usedFat = Set<Fat>()
        var records: [BodyRecord] = []
        for (id, weight) in weights.sorted(by: { ($0.value.time.instant, $0.key) < ($1.value.time.instant, $1.key) }) {
            // The day's body-fat reading nearest in time goes with the weigh-in.
            let fat = fatsByDay[weight.time.day]?.min {
                (abs($0.time.instant - weight.time.instant), $0.time.instant) < (
                    abs($1.time.instant - weight.time.instant), $1.time.instant
                )
            }
            if let fat { usedFat.insert(fat) }
            records.append(
                BodyRecord(
                    date: weight.time.day, weightKg: (weight.kg * 1000).rounded() / 1000,
                    bodyFatPercent: fat.map { Double($0.tenths) / 10 },
                    recordedAt: weight.time.date, provenance: Provenance(source: AppleHealthData.source, externalId: id)))
        }
        // A day without a weigh-in keeps each reading as a body-fat-only record (issue 23 #23: a
        // smart scale that measured no weight). A weigh-in day's other readings stay counted.
        var otherReadings = 0
        for fat in fats.subtracting(usedFat).sorted(by: { ($0.time.instant, $0.tenths) < ($1.time.instant, $1.tenths) }) {
            if fatsByDay[fat.time.day]?.contains(where: usedFat.contains) == true {
                otherReadings += 1
                continue
            }
            let percent = Double(fat.tenths) / 10
            let id = "bodyfat/\(fat.time.instant)/\(DecimalText.format(percent, decimals: 1))"
            records.append(
                BodyRecord(
                    date: fat.time.day, weightKg: nil, bodyFatPercent: percent, recordedAt: fat.time.date,
                    provenance: Provenance(source: AppleHealthData.source, externalId: id)))
        }
        if otherReadings > 0 { out.skip(.body, "another body fat reading of a day with a weigh-in", count: otherReadings) }
        return records.sorted { ($0.recordedAt, $0.provenance.externalId ?? "") < ($1.recordedAt, $1.provenance.externalId ?? "") }
    }
}
