import Foundation
import Testing

/// man/bodii.1 is generated from the command definitions (scripts/man); it must list every
/// command and option the binary has, so a new one without a regenerated page fails here.
@Suite struct ManPageTests {
    static var pageURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("man/bodii.1")
    }

    @Test func theManPageListsEveryCommandAndOption() throws {
        let page = try String(contentsOf: Self.pageURL, encoding: .utf8)
        let dump = try runBodii(["--experimental-dump-help"])
        try #require(dump.status == 0, "\(dump.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let root = try #require(json["command"] as? [String: Any])
        var missing: [String] = []
        var checked = 0
        func visit(_ command: [String: Any], path: String) {
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                guard let name = sub["commandName"] as? String, sub["shouldDisplay"] as? Bool != false else { continue }
                if !page.contains(".It Em \(name)\n") { missing.append("command \(path) \(name)") }
                if let abstract = sub["abstract"] as? String, !page.contains(abstract) { missing.append("abstract of \(path) \(name)") }
                checked += 1
                visit(sub, path: "\(path) \(name)")
            }
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                guard argument["shouldDisplay"] as? Bool != false,
                    let names = argument["names"] as? [[String: Any]]
                else { continue }
                for entry in names where entry["kind"] as? String == "long" {
                    guard let long = entry["name"] as? String else { continue }
                    if !page.contains("Fl -\(long)") { missing.append("option --\(long) of \(path)") }
                    checked += 1
                }
            }
        }
        visit(root, path: "bodii")
        #expect(checked > 40)
        #expect(missing.isEmpty, "man/bodii.1 is out of date (run scripts/man): \(missing.joined(separator: ", "))")
    }
}
