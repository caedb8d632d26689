import Foundation
import Testing

/// The real binary in a real terminal: a private tmux server (its own socket) per test, keys sent
/// with send-keys, the screen read with capture-pane. Waits poll the screen with a deadline
/// instead of sleeping a fixed time.
final class TmuxSession {
    let socket: String
    let name = "bodii"

    init(command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        socket = "bodii-test-\(UUID().uuidString.prefix(8))"
        var args = ["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)"]
        // Every run of the binary gets the fixed clock, unless the test sets its own.
        for (k, v) in ["BODII_NOW": TestClock.now].merging(environment, uniquingKeysWith: { _, mine in mine }) {
            args += ["-e", "\(k)=\(v)"]
        }
        args.append(command)
        try tmux(args)
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Runs tmux through `system()`, which waits with waitpid: Foundation's Process can miss the
    /// exit of a tmux client whose daemonised server lives on, and hang the test.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let words = ["env", "-u", "TMUX", "TERM=xterm-256color", "tmux", "-L", socket, "-f", "/dev/null"] + arguments
        let command = words.map(Self.shellQuote).joined(separator: " ") + " >" + Self.shellQuote(output.path) + " 2>/dev/null </dev/null"
        let status = system(command)
        guard status != -1 else { throw TmuxFailure(command: command) }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    static func shellQuote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }
    /// Types text literally (no key-name lookup).
    func type(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", text]) }
    func screen() throws -> String { try tmux(["capture-pane", "-t", name, "-p"]) }
    func resize(width: Int, height: Int) throws { try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"]) }

    /// Polls the screen until `condition` holds on a whole frame; fails the test with the last
    /// screen otherwise. A frame is whole when two captures 50 ms apart agree: tmux can be read
    /// while the app's frame is still arriving (a title drawn, the old screen's rows under it).
    @discardableResult
    func waitFor(
        _ what: String, timeout: TimeInterval = 15, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        var previous: String?
        while Date() < deadline {
            last = try screen()
            if condition(last) {
                if last == previous { return last }
                previous = last
            } else {
                previous = nil
            }
            usleep(50_000)
        }
        Issue.record("timed out waiting for \(what); screen was:\n\(last)", sourceLocation: sourceLocation)
        throw WaitTimeout()
    }

    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = 15, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try waitFor("\"\(text)\"", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }
}

struct WaitTimeout: Error {}
struct TmuxFailure: Error { let command: String }

/// tmux must be installed (scripts/test installs it); say so plainly rather than fail obscurely.
let tmuxAvailable: Bool = {
    ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
}()
