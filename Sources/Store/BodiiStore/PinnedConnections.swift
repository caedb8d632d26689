import GRDB
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// The connections that `readingTogether` and `inOneTransaction` blocks hold, each for the thread
/// that opened it: only code on that thread may use it (GRDB checks that it runs on the
/// connection's queue, and a synchronous dispatch runs there on the calling thread). Kept per
/// repositories object and found by thread: Foundation's thread dictionary cost two bridged
/// look-ups on every read, and its first use a scan of every protocol conformance in the binary.
final class PinnedConnections: Sendable {
    enum Purpose: Sendable {
        /// A `readingTogether` block's read transaction.
        case read
        /// An `inOneTransaction` block's write transaction.
        case transaction
    }

    /// `Database` is used only on its pinning thread (checked by `current`), hence unchecked.
    private struct Pin: @unchecked Sendable {
        let thread: pthread_t
        let purpose: Purpose
        let db: Database
        /// A read block's count of commits as it began (`DerivedFigures`).
        let stamp: Int?
    }

    private let pins = Mutex<[Pin]>([])

    /// The connection this thread pinned for `purpose`, if any.
    func current(_ purpose: Purpose) -> Database? {
        let thread = pthread_self()
        let pin = pins.withLock { pins in pins.last { $0.purpose == purpose && pthread_equal($0.thread, thread) != 0 } }
        return pin?.db
    }

    /// The count of commits this thread's read block began with, if any.
    func currentStamp() -> Int? {
        let thread = pthread_self()
        return pins.withLock { pins in pins.last { $0.purpose == .read && pthread_equal($0.thread, thread) != 0 }?.stamp }
    }

    /// `body`, with `db` pinned for `purpose` on this thread.
    func pin<T>(_ db: Database, as purpose: Purpose, stamp: Int? = nil, during body: () throws -> T) rethrows -> T {
        let thread = pthread_self()
        pins.withLock { $0.append(Pin(thread: thread, purpose: purpose, db: db, stamp: stamp)) }
        defer {
            pins.withLock { pins in
                if let i = pins.lastIndex(where: { $0.purpose == purpose && pthread_equal($0.thread, thread) != 0 }) { pins.remove(at: i) }
            }
        }
        return try body()
    }
}
