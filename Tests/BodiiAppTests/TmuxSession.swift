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
        for (k, v) in environment { args += ["-e", "\(k)=\(v)"] }
        args.append(command)
        try tmux(args, captureOutput: false)
    }

    deinit { _ = try? tmux(["kill-server"]) }

    @discardableResult
    func tmux(_ arguments: [String], captureOutput: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket, "-f", "/dev/null"] + arguments
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = env["TERM"].flatMap { $0.isEmpty || $0 == "dumb" ? nil : $0 } ?? "xterm-256color"
        env.removeValue(forKey: "TMUX")
        process.environment = env
        // The server that new-session starts keeps inherited pipes open forever: give it none.
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard captureOutput else {
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return ""
        }
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }
    /// Types text literally (no key-name lookup).
    func type(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", text]) }
    func screen() throws -> String { try tmux(["capture-pane", "-t", name, "-p"]) }
    func resize(width: Int, height: Int) throws { try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"]) }

    /// Polls the screen until `condition` holds; fails the test with the last screen otherwise.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 15, sourceLocation: SourceLocation = #_sourceLocation,
                 _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
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

/// tmux must be installed (scripts/test installs it); say so plainly rather than fail obscurely.
let tmuxAvailable: Bool = {
    ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
}()
