import BodiiDomain
import Foundation
import TerminalKit
import TOMLKit

/// What the config file sets. nil means "not set" (or refused): the next layer's value applies.
/// Precedence everywhere: command-line option > environment > config file > default.
package struct ConfigValues: Equatable, Sendable {
    /// Where the database is, `~/` expanded when it is used.
    package var database: String?
    /// The units a new profile starts with (the profile's own win once saved).
    package var units: UnitSystem?
    /// The theme a new profile starts with (the profile's own wins once saved).
    package var theme: String?
    package var weekStart: WeekStart?
    var firstDayHour: Int?
    /// The pantry's money (PRODUCT.md §10): what prices, budgets and a day's cost are counted in.
    package var currency: Currency?

    /// The user's days and weeks, defaults where the file says nothing.
    package var calendar: DayCalendar {
        DayCalendar(weekStart: weekStart ?? DayCalendar.standard.weekStart, firstDayHour: firstDayHour ?? DayCalendar.standard.firstDayHour)
    }
}

/// What a key's value is checked against besides its own rule.
package struct ConfigContext {
    /// The themes a `theme` may name.
    var themeNames: [String]
}

/// One key of the config file: its name, what it allows (said in messages), and how a TOML value
/// becomes a setting. A new key is one more entry in `all`.
package struct ConfigKey {
    package let name: String
    package let allowed: (ConfigContext) -> String
    /// Sets the value; false when `value` is not allowed.
    package let apply: (any TOMLValueConvertible, inout ConfigValues, ConfigContext) -> Bool

    package static var all: [ConfigKey] {
        [
            text("database", allowed: "a path that starts with / or ~/", \.database) { path, _ in
                path.hasPrefix("/") || path.hasPrefix("~/") ? path : nil
            },
            choice("units", \.units),
            text("theme", allowed: { "a theme (" + $0.themeNames.joined(separator: ", ") + ")" }, \.theme) { name, context in
                context.themeNames.contains(name) ? name : nil
            },
            choice("week_start", \.weekStart),
            integer("first_day_hour", in: DayCalendar.firstDayHours, \.firstDayHour),
            text("currency", allowed: "a three-letter currency code (EUR, USD, GBP, CHF, SEK, JPY…)", \.currency) { code, _ in
                Currency.code(code).map(Currency.resolve(code:))
            },
        ]
    }

    package static var names: [String] { all.map(\.name) }

    /// A string key, checked by `parse` (nil: not allowed).
    package static func text<T>(
        _ name: String, allowed: @escaping (ConfigContext) -> String, _ field: WritableKeyPath<ConfigValues, T?>,
        _ parse: @escaping (String, ConfigContext) -> T?
    ) -> ConfigKey {
        ConfigKey(name: name, allowed: allowed) { value, values, context in
            guard let text = value.string, let parsed = parse(text, context) else { return false }
            values[keyPath: field] = parsed
            return true
        }
    }

    package static func text<T>(
        _ name: String, allowed: String, _ field: WritableKeyPath<ConfigValues, T?>,
        _ parse: @escaping (String, ConfigContext) -> T?
    ) -> ConfigKey {
        text(name, allowed: { _ in allowed }, field, parse)
    }

    /// One of an enum's raw values.
    package static func choice<T: CaseIterable & RawRepresentable>(_ name: String, _ field: WritableKeyPath<ConfigValues, T?>) -> ConfigKey
    where T.RawValue == String {
        text(name, allowed: "one of " + T.allCases.map(\.rawValue).joined(separator: ", "), field) { text, _ in T(rawValue: text) }
    }

    /// A whole number in `range`.
    package static func integer(_ name: String, in range: ClosedRange<Int>, _ field: WritableKeyPath<ConfigValues, Int?>) -> ConfigKey {
        ConfigKey(name: name, allowed: { _ in "a whole number \(range.lowerBound)–\(range.upperBound)" }) { value, values, _ in
            guard value.type == .int, let n = value.int, range.contains(n) else { return false }
            values[keyPath: field] = n
            return true
        }
    }
}

/// The config file (`$XDG_CONFIG_HOME/bodii/config.toml`, `BODII_CONFIG` to point elsewhere):
/// defaults a user sets once. Never written by Bodii. A missing file is no error; a bad value is
/// one line naming the file, the line, the key and what is allowed, and that key keeps its default.
package struct ConfigFile: Sendable {
    package static let variable = "BODII_CONFIG"

    /// Where the file was looked for; nil when there is no home to look in.
    package var url: URL?
    package var values = ConfigValues()
    /// One line each, ready to show.
    package var problems: [String] = []

    /// `BODII_CONFIG`, else `$XDG_CONFIG_HOME/bodii/config.toml`, else `~/.config/bodii/config.toml`.
    static func location(environment: [String: String]) -> URL? {
        if let path = environment[variable], !path.isEmpty { return URL(fileURLWithPath: path) }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: joined(xdg, "bodii/config.toml"))
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        // Joined as text: `appendingPathComponent` built its percent-encoding tables at every
        // start (~0.5 M instructions of each command) for two constant names.
        return URL(fileURLWithPath: joined(home, ".config/bodii/config.toml"))
    }

    /// `folder` and `name` with one slash between them.
    package static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Reads the file; never fails (problems are collected).
    package static func load(environment: [String: String]) -> ConfigFile {
        guard let url = location(environment: environment) else { return ConfigFile() }
        var file = ConfigFile(url: url)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return file }
        let shown = displayPath(url.path, home: environment["HOME"])
        guard !isFolder.boolValue, let data = FileManager.default.contents(atPath: url.path) else {
            file.problems = ["\(shown): cannot be read; defaults used"]
            return file
        }
        guard let text = String(data: data, encoding: .utf8) else {
            file.problems = ["\(shown): not UTF-8 text; defaults used"]
            return file
        }
        let context = ConfigContext(themeNames: ThemeCatalog.availableNames(environment: environment))
        (file.values, file.problems) = parse(text, path: shown, context: context)
        return file
    }

    /// The values `text` sets and the problems found, each naming `path` and the line.
    package static func parse(_ text: String, path: String, context: ConfigContext) -> (ConfigValues, [String]) {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            return (ConfigValues(), ["\(path):\(error.source.begin.line): not valid TOML (\(error.description)); defaults used"])
        } catch {
            return (ConfigValues(), ["\(path): not valid TOML (\(error)); defaults used"])
        }
        var values = ConfigValues()
        var problems: [(line: Int, text: String)] = []
        let keys = ConfigKey.all
        for name in table.keys {
            guard let value = table[name] else { continue }
            let line = lineNumber(of: name, in: text)
            guard let key = keys.first(where: { $0.name == name }) else {
                problems.append(
                    (
                        line,
                        "\(path):\(line): unknown key \(ValidationError.quoted(name)) (known: \(ConfigKey.names.joined(separator: ", ")))"
                    ))
                continue
            }
            if !key.apply(value, &values, context) {
                problems.append((line, "\(path):\(line): \(name) = \(shown(value)) is not \(key.allowed(context)); default used"))
            }
        }
        return (values, problems.sorted { $0.line < $1.line }.map(\.text))
    }

    /// The line where top-level `key` is set (`key =`, `"key" =`, `key.sub =`, `[key]`); 1 when not found.
    static func lineNumber(of key: String, in text: String) -> Int {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(raw).drop(while: blank)
            if line.hasPrefix("[") { line = line.drop(while: { $0 == "[" }).drop(while: blank) }
            for form in [key, "\"\(key)\"", "'\(key)'"] where line.hasPrefix(form) {
                let next = line.dropFirst(form.count).drop(while: blank).first
                if next == "=" || next == "." || next == "]" { return index + 1 }
            }
        }
        return 1
    }

    /// A value as the user wrote it, or its kind for tables and arrays.
    package static func shown(_ value: any TOMLValueConvertible) -> String {
        switch value.type {
        case .string: return ValidationError.quoted(value.string ?? "")
        case .int: return value.int.map(String.init) ?? "an integer"
        case .bool: return value.bool.map(String.init) ?? "a boolean"
        case .double: return value.double.map { String($0) } ?? "a number"
        case .table: return "a table"
        case .array: return "an array"
        default: return "a \(value.type)"
        }
    }

    /// `/home/ana/.config/…` as `~/.config/…`, so the line stays short.
    static func displayPath(_ path: String, home: String?) -> String {
        guard let home, !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}

/// The config file of this process, read once, the first time anything asks.
package enum ProcessConfig {
    /// The process's environment variables, read once from `environ` (Bodii never changes its own
    /// environment). `ProcessInfo.environment` made the same dictionary through Foundation's
    /// process-info set-up for ~1.5 M instructions, a tenth of `bodii today --json`. An
    /// in-process run (`InProcessRun`) has its own.
    package static var environment: [String: String] { InProcessRun.current?.environment ?? processEnvironment }

    private static let processEnvironment: [String: String] = {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.utf8.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }()

    package static var current: ConfigFile { InProcessRun.current?.config ?? processConfig }

    private static let processConfig = ConfigFile.load(environment: processEnvironment)

    /// The pantry's currency: the file's `currency`, else EUR.
    package static var currency: Currency { current.values.currency ?? .default }

    /// The one status line the app shows for the file's problems (nil when there are none).
    static func statusText(_ problems: [String]) -> String? {
        guard let first = problems.first else { return nil }
        return problems.count == 1 ? first : first + " (+\(problems.count - 1) more: any bodii command prints them all)"
    }

    /// The problems on stderr, once per process (a command's warnings, never `status`'s).
    package static func warnOnStandardError() {
        for problem in current.problems { StandardError.write("bodii: \(problem)") }
    }
}
