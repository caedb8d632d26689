import BodiiApp
import BodiiCLI
import BodiiDocument
import BodiiDomain
import Foundation
import TerminalKit
import Testing

/// The one tab list: the tab bar, number keys, help and the README's key table come from it, and
/// every tab it lists is swept at every small size.
@MainActor
@Suite struct TabListTests {
    let folder: TemporaryFolder
    let app: HeadlessApp

    init() throws {
        folder = try TemporaryFolder()
        app = try demoApp(days: 14, in: folder).app
    }

    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")
    static let start = "<!-- keys: generated from the key maps; BODII_UPDATE_README=1 swift test --filter TabListTests rewrites it -->"
    static let end = "<!-- keys end -->"

    /// Fails when the README's key table differs from the key maps the app dispatches with.
    @Test func theReadmeKeyTableIsTheKeyMaps() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let begin = try #require(text.range(of: Self.start), "README has no generated key table")
        let finish = try #require(text.range(of: Self.end, range: begin.upperBound..<text.endIndex))
        let generated = "\n" + app.keyTable + "\n"
        if ProcessInfo.processInfo.environment["BODII_UPDATE_README"] == "1" {
            try (text[..<begin.upperBound] + generated + text[finish.lowerBound...]).write(
                to: Self.readme, atomically: true, encoding: .utf8)
        }
        #expect(
            String(text[begin.upperBound..<finish.lowerBound]) == generated,
            "the README's key table is out of date; run BODII_UPDATE_README=1 swift test --filter TabListTests\n\(generated)")
    }

    @Test func theTabBarAndTheNumberKeysFollowTheList() {
        let titles = HeadlessApp.tabTitles
        for (n, title) in titles.enumerated() {
            app.press(.char(Character(String(n + 1))))
            let bar = String(app.screen(width: 200).split(separator: "\n").first ?? "")
            #expect(bar.contains("\(n + 1) \(title)"), "\(bar)")
        }
        app.press(.char("1"))
        app.press(.char(Character(String(titles.count + 1))))  // no such tab: nothing happens
        #expect(app.screen().contains("Calories"))
    }

    @Test func everyTabDrawsAtEverySmallSizeAndAtTheMinimum() {
        for n in HeadlessApp.tabTitles.indices {
            app.press(.char(Character(String(n + 1))))
            for (width, height) in [(1, 1), (20, 5), (79, 23), (80, 24), (81, 25)] {
                let buffer = app.render(width: width, height: height)
                #expect(buffer.width == width && buffer.height == height)
            }
            let screen = app.screen(width: 80, height: 24)
            #expect(!screen.contains("too small"), "tab \(n + 1) at 80×24")
        }
    }
}
