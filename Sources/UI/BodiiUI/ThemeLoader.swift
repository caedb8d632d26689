import Foundation
import TerminalKit
import TOMLKit

/// Why a theme file could not be used; the message names the role and the value at fault.
public enum ThemeError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidTOML(String)
    case missingColors
    case unknownRole(String)
    case badColor(role: String, value: String)
    case badStyleKey(role: String, key: String)
    case badValue(role: String, key: String)
    case unreadable(String)

    public var description: String {
        switch self {
        case .invalidTOML(let why): return "not valid TOML: \(why)"
        case .missingColors: return "no [colors] table"
        case .unknownRole(let role):
            return "unknown role \"\(role)\" (known: \(Role.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .badColor(let role, let value):
            return "role \"\(role)\": bad color \"\(value)\" (use #rrggbb, an ANSI name like red or bright-blue, default, or 0–255)"
        case .badStyleKey(let role, let key):
            return "role \"\(role)\": unknown key \"\(key)\" (use fg, bg, bold, dim, underline, reverse)"
        case .badValue(let role, let key): return "role \"\(role)\": \"\(key)\" has the wrong type"
        case .unreadable(let why): return "cannot read: \(why)"
        }
    }
}

/// Themes as TOML:
/// ```toml
/// name = "Default dark"          # optional; the file name otherwise
/// [colors]
/// text = "default"
/// muted = "#7f849c"
/// selection = { fg = "black", bg = "cyan", bold = true }
/// ```
/// Roles are `Role` raw values; roles left out fall back to `text`.
public enum ThemeLoader {
    public static func parse(_ toml: String, name: String) throws(ThemeError) -> Theme {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            throw .invalidTOML("\(error.description) at line \(error.source.begin.line)")
        } catch {
            throw .invalidTOML(String(describing: error))
        }
        guard let colors = table["colors"]?.table else { throw .missingColors }
        var styles: [Role: Style] = [:]
        for key in colors.keys {
            guard let role = Role(rawValue: key) else { throw .unknownRole(key) }
            guard let value = colors[key] else { continue }
            styles[role] = try style(from: value, role: key)
        }
        let title = table["name"]?.string ?? name
        return Theme(name: title, styles: styles)
    }

    static func style(from value: TOMLValueConvertible, role: String) throws(ThemeError) -> Style {
        if let text = value.string {
            guard let color = Color(parsing: text) else { throw .badColor(role: role, value: text) }
            return Style(foreground: color)
        }
        if let n = value.int {
            guard (0...255).contains(n) else { throw .badColor(role: role, value: String(n)) }
            return Style(foreground: .indexed(UInt8(n)))
        }
        guard let table = value.table else { throw .badColor(role: role, value: String(describing: value)) }
        var style = Style()
        for key in table.keys {
            guard let v = table[key] else { continue }
            switch key {
            case "fg", "foreground", "bg", "background":
                let color: Color
                if let text = v.string {
                    guard let c = Color(parsing: text) else { throw .badColor(role: role, value: text) }
                    color = c
                } else if let n = v.int, (0...255).contains(n) {
                    color = .indexed(UInt8(n))
                } else {
                    throw .badColor(role: role, value: String(describing: v))
                }
                if key.hasPrefix("f") { style.foreground = color } else { style.background = color }
            case "bold", "dim", "underline", "reverse":
                guard let flag = v.bool else { throw .badValue(role: role, key: key) }
                switch key {
                case "bold": style.bold = flag
                case "dim": style.dim = flag
                case "underline": style.underline = flag
                default: style.reverse = flag
                }
            default:
                throw .badStyleKey(role: role, key: key)
            }
        }
        return style
    }

    /// What `loadDirectory` found: themes by file stem, and the files it skipped with the reason.
    public struct DirectoryResult: Sendable {
        public var themes: [String: Theme]
        public var failures: [String: ThemeError]
    }

    /// Loads every `*.toml` in `directory`. Broken files are skipped and reported, never fatal:
    /// one bad user theme must not stop the app.
    public static func loadDirectory(_ directory: URL) -> DirectoryResult {
        var result = DirectoryResult(themes: [:], failures: [:])
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        for file in files where file.pathExtension == "toml" {
            let stem = file.deletingPathExtension().lastPathComponent
            do {
                let text = try String(contentsOf: file, encoding: .utf8)
                result.themes[stem] = try parse(text, name: stem)
            } catch let error as ThemeError {
                result.failures[stem] = error
            } catch {
                result.failures[stem] = .unreadable(error.localizedDescription)
            }
        }
        return result
    }

    /// The themes compiled into the binary, by name; a bundled theme that fails to parse is left out
    /// (a test guards against that).
    public static func bundled() -> [String: Theme] {
        var out: [String: Theme] = [:]
        for (name, text) in BundledThemes.all {
            if let theme = try? parse(text, name: name) { out[name] = theme }
        }
        return out
    }
}
