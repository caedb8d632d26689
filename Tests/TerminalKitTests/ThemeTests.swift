import BodiiUI
import Foundation
import Testing
import TerminalKit

@Suite struct ThemeTests {
    @Test func parsesColorsAndInlineStyles() throws {
        let theme = try ThemeLoader.parse(
            """
            name = "Test"
            [colors]
            text = "default"
            muted = "#7f849c"
            accent = "bright-blue"
            border = 244
            try = "yellow"
            selection = { fg = "black", bg = "#89b4fa", bold = true, reverse = false }
            title = { bold = true, underline = true }
            """, name: "file-name")
        #expect(theme.name == "Test")
        #expect(theme.style(.muted) == Style(foreground: .rgb(0x7f, 0x84, 0x9c)))
        #expect(theme.style(.accent) == Style(foreground: .brightBlue))
        #expect(theme.style(.border) == Style(foreground: .indexed(244)))
        #expect(theme.style(.try) == Style(foreground: .yellow))
        #expect(theme.style(.selection) == Style(foreground: .black, background: .rgb(0x89, 0xb4, 0xfa), bold: true))
        #expect(theme.style(.title) == Style(bold: true, underline: true))
    }

    @Test func missingRolesFallBackToText() throws {
        let theme = try ThemeLoader.parse("[colors]\ntext = \"green\"\n", name: "mini")
        #expect(theme.name == "mini")
        #expect(theme.style(.protein) == Style(foreground: .green))
    }

    @Test func errorsNameTheRoleAndValue() {
        #expect(throws: ThemeError.unknownRole("protien")) {
            try ThemeLoader.parse("[colors]\nprotien = \"red\"\n", name: "x")
        }
        #expect(throws: ThemeError.badColor(role: "muted", value: "#12345")) {
            try ThemeLoader.parse("[colors]\nmuted = \"#12345\"\n", name: "x")
        }
        #expect(throws: ThemeError.badColor(role: "bad", value: "crimson")) {
            try ThemeLoader.parse("[colors]\nbad = { fg = \"crimson\" }\n", name: "x")
        }
        #expect(throws: ThemeError.badColor(role: "border", value: "300")) {
            try ThemeLoader.parse("[colors]\nborder = 300\n", name: "x")
        }
        #expect(throws: ThemeError.badStyleKey(role: "title", key: "italic")) {
            try ThemeLoader.parse("[colors]\ntitle = { italic = true }\n", name: "x")
        }
        #expect(throws: ThemeError.badValue(role: "title", key: "bold")) {
            try ThemeLoader.parse("[colors]\ntitle = { bold = \"yes\" }\n", name: "x")
        }
        #expect(throws: ThemeError.missingColors) { try ThemeLoader.parse("name = \"x\"\n", name: "x") }
        let message = ThemeError.badColor(role: "muted", value: "#12345").description
        #expect(message.contains("muted") && message.contains("#12345"))
    }

    @Test func invalidTOMLIsReported() {
        do {
            _ = try ThemeLoader.parse("[colors\ntext = ", name: "x")
            Issue.record("expected an error")
        } catch {
            guard case .invalidTOML(let why) = error else { Issue.record("wrong error \(error)"); return }
            #expect(why.contains("line"))
        }
    }

    @Test func loadDirectorySkipsAndReportsBrokenFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "[colors]\ntext = \"red\"\n".write(to: dir.appendingPathComponent("good.toml"), atomically: true, encoding: .utf8)
        try "[colors]\ntext = \"nope\"\n".write(to: dir.appendingPathComponent("broken.toml"), atomically: true, encoding: .utf8)
        try "not a theme".write(to: dir.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        let result = ThemeLoader.loadDirectory(dir)
        #expect(Array(result.themes.keys) == ["good"])
        #expect(result.failures == ["broken": .badColor(role: "text", value: "nope")])
        #expect(ThemeLoader.loadDirectory(dir.appendingPathComponent("missing")).themes.isEmpty)
    }

    static var themesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("themes")
    }

    @Test func bundledThemesMatchThemeFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.themesDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "toml" }
        var onDisk: [String: String] = [:]
        for file in files {
            onDisk[file.deletingPathExtension().lastPathComponent] = try String(contentsOf: file, encoding: .utf8)
        }
        #expect(Set(onDisk.keys) == ["default-dark", "light", "high-contrast", "mono"])
        // If this fails, run scripts/gen-bundled-themes.sh.
        #expect(BundledThemes.all == onDisk)
    }

    @Test func everyBundledThemeParsesAndNamesEveryRole() throws {
        for (name, text) in BundledThemes.all {
            let theme = try ThemeLoader.parse(text, name: name)
            #expect(Set(theme.styles.keys) == Set(Role.allCases), "\(name) should set every role")
        }
        #expect(ThemeLoader.bundled().count == 4)
    }

    @Test func monoHasNoColors() throws {
        let mono = try #require(ThemeLoader.bundled()["mono"])
        for role in Role.allCases {
            #expect(mono.style(role).foreground == .default && mono.style(role).background == .default)
        }
        #expect(mono.style(.selection).reverse)
    }
}
