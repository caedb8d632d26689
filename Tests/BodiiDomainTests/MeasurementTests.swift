import Foundation
import Testing

@testable import BodiiDomain

/// Issue 47: what a measurement may be, how it is typed, and the Navy body-fat estimate.
@Suite struct MeasurementTests {
    // MARK: Navy body fat (Hodgdon & Beckett 1984, centimetre form)

    @Test func theNavyEstimateOfAWorkedExample() throws {
        // Man, 178 cm, waist 85, neck 38: 495 / (1.0324 − 0.19077·log10(47) + 0.15456·log10(178)) − 450
        // = 495 / (1.0324 − 0.318989 + 0.347823) − 450 = 495 / 1.061234 − 450 = 16.44 %.
        let man = try #require(NavyBodyFat.percent(sex: .male, heightCm: 178, waistCm: 85, neckCm: 38, hipsCm: nil))
        #expect(abs(man - 16.436) < 0.001)
        // Woman, 165 cm, waist 75, hips 100, neck 34: 495 / (1.29579 − 0.35004·log10(141) + 0.221·log10(165)) − 450
        // = 495 / (1.29579 − 0.752328 + 0.490058) − 450 = 28.94 %.
        let woman = try #require(NavyBodyFat.percent(sex: .female, heightCm: 165, waistCm: 75, neckCm: 34, hipsCm: 100))
        #expect(abs(woman - 28.936) < 0.001)
    }

    @Test func theEstimateInvertsToTheWaistItCameFrom() throws {
        // Solving the men's equation for the waist gives back the tape's waist, for many bodies.
        for (height, neck, waist) in [(160.0, 35.0, 70.0), (178, 38, 85), (190, 42, 110), (170, 40, 95)] {
            let percent = try #require(NavyBodyFat.percent(sex: .male, heightCm: height, waistCm: waist, neckCm: neck, hipsCm: nil))
            let denominator = 495 / (percent + 450)
            let waistBack = pow(10, (1.0324 + 0.15456 * log10(height) - denominator) / 0.19077) + neck
            #expect(abs(waistBack - waist) < 1e-9)
        }
    }

    @Test func noEstimateWithoutItsMeasurementsOrForNonsense() {
        #expect(NavyBodyFat.percent(sex: .male, heightCm: 178, waistCm: 85, neckCm: nil, hipsCm: nil) == nil)
        #expect(NavyBodyFat.percent(sex: .female, heightCm: 165, waistCm: 75, neckCm: 34, hipsCm: nil) == nil)
        // A neck wider than the waist has no logarithm; a waist barely above the neck is no body fat a person has.
        #expect(NavyBodyFat.percent(sex: .male, heightCm: 178, waistCm: 38, neckCm: 40, hipsCm: nil) == nil)
        #expect(NavyBodyFat.percent(sex: .male, heightCm: 178, waistCm: 41, neckCm: 40, hipsCm: nil) == nil)
    }

    // MARK: Typing a measurement

    @Test func aWaistIsTypedInEitherUnit() throws {
        #expect(try Validation.measurement(.waist, "82") == 82)
        #expect(try Validation.measurement(.waist, "82cm") == 82)
        #expect(try Validation.measurement(.waist, "820 mm") == 82)
        #expect(try Validation.measurement(.waist, "32 in", unitSystem: .metric) == 32 * 2.54)
        #expect(try Validation.measurement(.waist, "32", unitSystem: .imperial) == 32 * 2.54)
        #expect(try Validation.measurement(.restingHeartRate, "58 bpm") == 58)
    }

    @Test func aWaistOf500cmIsRefusedWithItsRange() {
        #expect(throws: ValidationError(field: "waist", value: "500cm", allowed: "40–250 cm", problem: .outOfRange)) {
            try Validation.measurement(.waist, "500cm")
        }
        #expect(throws: ValidationError(field: "waist", value: "200", allowed: "15.8–98.4 in", problem: .outOfRange)) {
            try Validation.measurement(.waist, "200", unitSystem: .imperial)
        }
        #expect(throws: ValidationError.self) { try Validation.measurement(.waist, "82 kg") }
        #expect(throws: ValidationError.self) { try Validation.measurement(.restingHeartRate, "fast") }
    }

    @Test func bloodPressureIsSystolicOverALowerDiastolic() throws {
        let bp = try Validation.bloodPressure("120/80")
        #expect(bp.systolic == 120 && bp.diastolic == 80)
        #expect(try Validation.bloodPressure(" 135 / 85 mmHg ").diastolic == 85)
        for text in ["80/120", "120/120", "120", "120/80/60", "", "300/80", "120/10"] {
            #expect(throws: ValidationError.self, "\(text)") { try Validation.bloodPressure(text) }
        }
    }

    @Test func storedValuesOutsideTheirKindAreNamed() throws {
        let at = Date(timeIntervalSince1970: 0)
        let date = try #require(LocalDate(iso: "2026-12-01"))
        #expect(BodyMeasurement(date: date, kind: .waist, value: 82, recordedAt: at).problem == nil)
        #expect(BodyMeasurement(date: date, kind: .waist, value: 500, recordedAt: at).problem?.contains("40–250 cm") == true)
        #expect(BodyMeasurement(date: date, kind: .bloodPressure, value: 120, recordedAt: at).problem != nil)
        #expect(BodyMeasurement(date: date, kind: .bloodPressure, value: 120, diastolic: 125, recordedAt: at).problem != nil)
        #expect(BodyMeasurement(date: date, kind: .waist, value: 82, diastolic: 70, recordedAt: at).problem != nil)
    }

    @Test func aRangesChangeIsTheLastReadingLessTheFirst() throws {
        let date = try #require(LocalDate(iso: "2026-12-01"))
        let at = Date(timeIntervalSince1970: 0)
        let records = [
            BodyMeasurement(date: date, kind: .waist, value: 90, recordedAt: at),
            BodyMeasurement(date: date.adding(days: 1), kind: .restingHeartRate, value: 60, recordedAt: at),
            BodyMeasurement(date: date.adding(days: 2), kind: .waist, value: 88.5, recordedAt: at),
            BodyMeasurement(date: date.adding(days: 3), kind: .waist, value: 87, recordedAt: at),
        ]
        let changes = MeasurementSummary.changes(in: records)
        #expect(changes[.waist] == -3)
        #expect(changes[.restingHeartRate] == nil, "one reading is no change")
    }

    @Test func everyKindIsNamedOnTheCommandLineAsItIsStored() {
        for kind in MeasurementKind.allCases {
            #expect(MeasurementKind(argument: kind.argument) == kind)
            #expect(MeasurementKind(argument: kind.label) == kind)
        }
        #expect(MeasurementKind(argument: "bp") == .bloodPressure)
        #expect(MeasurementKind(argument: "rhr") == .restingHeartRate)
        #expect(MeasurementKind(argument: "weight") == nil)
    }
}
