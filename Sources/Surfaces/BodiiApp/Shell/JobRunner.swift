import Foundation
import BodiiUI
import TerminalKit

/// Job events from any thread to the main loop: a locked queue, and a wake-up for the loop
/// (the terminal's wake pipe) so progress is drawn at once, not at the next key.
final class EventInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [JobEvent] = []
    /// Set once by the loop; wakes it from `nextInput`.
    private var wake: (@Sendable () -> Void)?

    func setWake(_ wake: @escaping @Sendable () -> Void) {
        lock.lock()
        self.wake = wake
        lock.unlock()
    }

    func post(_ event: JobEvent) {
        lock.lock()
        events.append(event)
        let wake = self.wake
        lock.unlock()
        wake?()
    }

    /// Everything posted since the last call, in order.
    func drain() -> [JobEvent] {
        lock.lock()
        defer { lock.unlock() }
        let out = events
        events.removeAll()
        return out
    }
}

/// Runs jobs off the main actor and turns what they do into `JobEvent`s in the inbox.
@MainActor
final class JobRunner {
    let inbox = EventInbox()
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextID = 1

    package var running: Int { tasks.count }

    /// Starts `job`; returns its id for `cancel` and its events.
    @discardableResult
    package func start(_ job: any Job) -> Int {
        let id = nextID
        nextID += 1
        let inbox = inbox
        tasks[id] = Task.detached(priority: .utility) {
            let reporter = JobReporter { inbox.post(.progress(id: id, $0)) }
            do {
                let message = try await job.run(reporter)
                inbox.post(Task.isCancelled ? .cancelled(id: id) : .finished(id: id, message: message))
            } catch is CancellationError {
                inbox.post(.cancelled(id: id))
            } catch {
                inbox.post(.failed(id: id, message: "\(job.title) failed: \(ErrorLine.text(error))"))
            }
        }
        return id
    }

    /// Asks the job to stop; it ends with `.cancelled` and writes nothing.
    func cancel(_ id: Int) { tasks[id]?.cancel() }

    /// Forgets a job that has ended.
    func ended(_ id: Int) { tasks[id] = nil }

    /// Waits for every job to end (tests, and quitting cleanly).
    func waitForAll() async {
        for task in tasks.values { await task.value }
    }
}

/// The modal of a running job: its progress dialog; `Esc` cancels it (it writes nothing then).
@MainActor
final class JobProgressScreen: Screen {
    package let id: Int
    private let title: String
    private let started = Date()
    private var progress: JobProgress?
    private let cancel: () -> Void
    private(set) var cancelling = false

    package init(id: Int, title: String, cancel: @escaping () -> Void) {
        self.id = id
        self.title = title
        self.cancel = cancel
    }

    var keyMap: KeyMap {
        KeyMap(title: title, bindings: [KeyBinding([.escape], help: "cancel: nothing is written", footer: true, brief: "cancel")])
    }

    package func update(_ progress: JobProgress) { self.progress = progress }

    package func handle(_ key: Key) -> KeyResult {
        if key == .escape, !cancelling {
            cancelling = true
            cancel()
        }
        return .handled
    }

    package func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        ProgressDialog(
            title: cancelling ? title + " — cancelling" : title, progress: progress,
            elapsedSeconds: Int(Date().timeIntervalSince(started))
        )
        .render(in: area, buffer: &buffer, context: context)
    }
}
