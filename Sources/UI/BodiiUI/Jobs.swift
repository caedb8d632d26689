import Foundation
import TerminalKit

/// Long work Bodii's shell runs off the main actor (imports, exports, demo data, the catalog
/// warm-up): it reports progress as events that wake the loop, can be cancelled, and writes in one
/// transaction or not at all (ARCHITECTURE.md, "The loop").
public protocol Job: Sendable {
    /// What the progress dialog calls it: "Importing Apple Health".
    var title: String { get }
    /// Does the work; returns the line the status bar shows when it is done. Checks
    /// `Task.isCancelled` (or calls `try Task.checkCancellation()`) between steps, and throws
    /// `CancellationError` to stop without writing.
    func run(_ progress: JobReporter) async throws -> String
}

/// How far a job has come: items or bytes done, of a total when known.
public struct JobProgress: Equatable, Sendable {
    public enum Unit: Equatable, Sendable { case items, bytes }

    public var done: Int64
    public var total: Int64?
    public var unit: Unit
    /// What it is doing now: "reading records".
    public var note: String?

    public init(done: Int64, total: Int64? = nil, unit: Unit = .items, note: String? = nil) {
        self.done = done
        self.total = total
        self.unit = unit
        self.note = note
    }

    /// 0…1 when the total is known.
    public var fraction: Double? {
        guard let total, total > 0 else { return nil }
        return min(1, max(0, Double(done) / Double(total)))
    }

    /// "12.3 MB of 40.0 MB", "1,234 of 5,000".
    public var text: String {
        func amount(_ n: Int64) -> String {
            switch unit {
            case .bytes: return String(format: "%.1f MB", Double(n) / 1_000_000)
            case .items: return n.formatted(.number.grouping(.automatic))
            }
        }
        return amount(done) + (total.map { " of " + amount($0) } ?? "")
    }
}

/// Handed to a running job to report progress; safe to call from any thread.
public struct JobReporter: Sendable {
    private let send: @Sendable (JobProgress) -> Void

    public init(_ send: @escaping @Sendable (JobProgress) -> Void) { self.send = send }

    public func report(_ progress: JobProgress) { send(progress) }
}

/// What a running job tells the loop.
public enum JobEvent: Equatable, Sendable {
    case progress(id: Int, JobProgress)
    case finished(id: Int, message: String)
    case failed(id: Int, message: String)
    case cancelled(id: Int)

    public var id: Int {
        switch self {
        case .progress(let id, _), .finished(let id, _), .failed(let id, _), .cancelled(let id): return id
        }
    }

    /// Whether the job is over.
    public var isEnd: Bool {
        if case .progress = self { return false }
        return true
    }
}

/// The progress of a long job in a modal: its title, a bar (or a count when the total is not
/// known), the elapsed time, and how to cancel.
public struct ProgressDialog: Widget {
    public var title: String
    public var progress: JobProgress?
    public var elapsedSeconds: Int

    public init(title: String, progress: JobProgress?, elapsedSeconds: Int) {
        self.title = title
        self.progress = progress
        self.elapsedSeconds = elapsedSeconds
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let inner = Modal(title: title, width: 60, height: 7).draw(in: area, buffer: &buffer, context: context).inset(left: 1, right: 1)
        guard inner.height >= 3 else { return }
        let elapsed = "\(elapsedSeconds / 60):" + String(format: "%02d", elapsedSeconds % 60)
        let line = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: 1)
        if let fraction = progress?.fraction {
            Gauge(label: "", value: fraction, max: 1, valueText: "\(Int((fraction * 100).rounded())) %", role: .accent, labelWidth: 0)
                .render(in: line, buffer: &buffer, context: context)
        } else {
            buffer.write(Line(progress == nil ? "Starting…" : "Working…", .muted), in: line, context: context)
        }
        let detail = [progress?.text, progress?.note, elapsed].compactMap { $0 }.joined(separator: " · ")
        buffer.write(Line(detail, .text), in: Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: 1), context: context)
        buffer.write(
            Line("Esc cancels: nothing is written", .muted), in: Rect(x: inner.x, y: inner.maxY - 1, width: inner.width, height: 1),
            context: context)
    }
}

/// A screen's request to run a job with a progress dialog (`ShellRequest.run`); the app's shell
/// runs it, TerminalKit only passes it on.
public struct RunJob: AppRequest {
    public let job: any Job
    /// Hears how the job ended (and its progress).
    public let then: (JobEvent) -> Void

    public var kind: String { "run" }
}

extension ShellRequest {
    /// Run a job off the main actor with a progress dialog; `then` hears how it ended.
    public static func run(_ job: any Job, then: @escaping (JobEvent) -> Void) -> ShellRequest {
        .app(RunJob(job: job, then: then))
    }
}
