@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument
import Foundation
import Testing

/// Shell completions: the argument parser's own scripts, with food and activity names completed
/// word by word from the same searches `log food` and `log exercise` use.
@Suite struct CompletionTests {
    @Test func theWordsBeforeTheCursorAreTheQuery() {
        #expect(ShellCompletion.queryWords(["bodii", "log", "food", "chicken", "br"], upTo: 4) == ["chicken"])
        #expect(ShellCompletion.queryWords(["bodii", "log", "food", "--db", "/x.sqlite", "--json", "rice", "wh"], upTo: 7) == ["rice"])
        #expect(ShellCompletion.queryWords(["bodii", "log", "food", "--grams=100", "egg", ""], upTo: 5) == ["egg"])
        #expect(ShellCompletion.databasePath(in: ["bodii", "log", "food", "--db", "/x.sqlite"]) == "/x.sqlite")
        #expect(ShellCompletion.databasePath(in: ["bodii", "search", "--db=/y.sqlite", "ban"]) == "/y.sqlite")
    }

    @Test func candidatesAreWordsOfTheMatchesThatStartWithWhatIsTyped() {
        let names = ["Chicken, broilers or fryers, breast, meat only", "Beef, chuck, braised", "Chicken breast tenders, breaded"]
        #expect(ShellCompletion.matchingWords(of: names, startingWith: "br") == ["broilers", "breast", "braised", "breaded"])
        #expect(ShellCompletion.matchingWords(of: names, startingWith: "Br") == ["Broilers", "Breast", "Braised", "Breaded"])
        #expect(ShellCompletion.matchingWords(of: names, startingWith: "zz").isEmpty)
    }

    /// The real bash script, sourced in a real bash, completing `bodii log food ban<Tab>` against a
    /// real database.
    @Test func bashCompletesFoodNamesFromTheCatalog() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("bodii.sqlite")
        let log = try runBodii(["log", "food", "banana", "--grams", "100", "--db", db])
        try #require(log.status == 0, "\(log.stderr)")
        let binary = BodiiBinary.url.path
        let script = """
            source <("\(binary)" --generate-completion-script bash)
            complete_line() {
              COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
              _bodii "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
              printf '%s\\n' "${COMPREPLY[@]}"; echo ---
            }
            complete_line "\(binary)" log food ban
            complete_line "\(binary)" log exercise runn
            complete_line "\(binary)" sta
            """
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", script]
        bash.environment = ["BODII_DB": db, "BODII_NOW": TestClock.now, "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let out = Pipe()
        bash.standardOutput = out
        bash.standardError = FileHandle.nullDevice
        try bash.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        bash.waitUntilExit()
        let sections = text.components(separatedBy: "---\n").map { $0.split(separator: "\n").map(String.init) }
        try #require(sections.count >= 3, "\(text)")
        #expect(sections[0].first == "bananas", "\(text)")
        #expect(sections[1] == ["running"], "\(text)")
        #expect(sections[2] == ["status"], "\(text)")
    }
}
