import Foundation
import Testing
import TerminalKit
import BodiiUI

@testable import BodiiApp

/// The themes a start can pick from: the bundled ones are parsed only when asked for, and give
/// what parsing all of them gave; the user's own come first by name and report their problems.
@Suite struct ThemeCatalogTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    @Test func bundledThemesAreTheParsedOnes() {
        let catalog = ThemeCatalog.load(environment: ["XDG_CONFIG_HOME": folder.url.path, "HOME": "/nowhere"])
        let parsed = ThemeLoader.bundled()
        #expect(catalog.names == ["default-dark", "light", "high-contrast", "mono"])
        for name in catalog.names { #expect(catalog.theme(named: name) == parsed[name], "\(name)") }
        #expect(catalog.theme(named: "no such theme") == parsed["default-dark"])
        #expect(catalog.problems.isEmpty)
    }

    @Test func userThemesJoinAndReplaceByName() throws {
        let dir = folder.url.appendingPathComponent("bodii/themes")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "[colors]\ntext = \"red\"\n".write(to: dir.appendingPathComponent("mine.toml"), atomically: true, encoding: .utf8)
        try "[colors]\ntext = \"blue\"\n".write(to: dir.appendingPathComponent("light.toml"), atomically: true, encoding: .utf8)
        try "[colors]\nnot_a_role = \"red\"\n".write(to: dir.appendingPathComponent("broken.toml"), atomically: true, encoding: .utf8)
        let catalog = ThemeCatalog.load(environment: ["XDG_CONFIG_HOME": folder.url.path, "HOME": "/nowhere"])
        #expect(catalog.names == ["default-dark", "light", "high-contrast", "mono", "mine"])
        #expect(catalog.theme(named: "mine") == (try ThemeLoader.parse("[colors]\ntext = \"red\"\n", name: "mine")))
        #expect(catalog.theme(named: "light") == (try ThemeLoader.parse("[colors]\ntext = \"blue\"\n", name: "light")))
        #expect(catalog.theme(named: "light") != ThemeLoader.bundled()["light"])
        #expect(catalog.problems.count == 1 && catalog.problems.first?.hasPrefix("broken.toml: ") == true, "\(catalog.problems)")
    }
}
