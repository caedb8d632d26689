import BodiiDomain
import Foundation
import GRDB

/// The one row of `profile` (id 1), read by index (every day's targets read it; by name, through
/// `Decodable`, the runtime first looked its coding keys' conformance up among all in the binary).
struct ProfileRow: IndexedStoredRow {
    static let databaseTableName = "profile"
    static let columnList = columnNames.joined(separator: ", ")

    var id: Int64 = 1
    var name: String
    var sex: String
    var birthDate: String
    var heightCm: Double
    var activityLevel: String
    var unitSystem: String
    var themeName: String
    var checkInTemplate: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name, sex
        case birthDate = "birth_date"
        case heightCm = "height_cm"
        case activityLevel = "activity_level"
        case unitSystem = "unit_system"
        case themeName = "theme_name"
        case checkInTemplate = "check_in_template"
    }

    init(reading row: inout ColumnReader) throws {
        id = try row.next(CodingKeys.id)
        name = try row.next(CodingKeys.name)
        sex = try row.next(CodingKeys.sex)
        birthDate = try row.next(CodingKeys.birthDate)
        heightCm = try row.next(CodingKeys.heightCm)
        activityLevel = try row.next(CodingKeys.activityLevel)
        unitSystem = try row.next(CodingKeys.unitSystem)
        themeName = try row.next(CodingKeys.themeName)
        checkInTemplate = try row.next(CodingKeys.checkInTemplate)
    }

    init(_ p: Profile) {
        name = p.name
        sex = p.sex.rawValue
        birthDate = SQLText.date(p.birthDate)
        heightCm = p.heightCm
        activityLevel = p.activityLevel.rawValue
        unitSystem = p.unitSystem.rawValue
        themeName = p.themeName
        checkInTemplate = p.checkInTemplate
    }

    func profile() throws -> Profile {
        Profile(
            name: name, sex: try Self.value(sex, "sex"), birthDate: try SQLText.localDate(birthDate, column: "profile.birth_date"),
            heightCm: heightCm, activityLevel: try Self.value(activityLevel, "activity_level"),
            unitSystem: try Self.value(unitSystem, "unit_system"), themeName: themeName, checkInTemplate: checkInTemplate)
    }

    /// The enum whose raw value `raw` is; `StoreError.invalidStoredValue` for one this build does not know.
    private static func value<T: RawRepresentable>(_ raw: String, _ column: String) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: raw) else { throw StoreError.invalidStoredValue(column: "profile.\(column)", value: raw) }
        return value
    }
}
