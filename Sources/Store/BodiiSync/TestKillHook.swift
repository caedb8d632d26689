import Foundation

/// A test hook for issue 30's proof that a kill during an apply leaves the database as before
/// the file: with BODII_SYNC_TEST_KILL_AFTER_CHANGES=N in the environment, the process sends itself
/// SIGKILL once N changes of a file are applied inside its transaction, so a test kills
/// `bodii sync` at a known point without sleeping. Bodii never sets it.
enum TestKillHook {
    static let afterChanges: Int? = ProcessInfo.processInfo.environment["BODII_SYNC_TEST_KILL_AFTER_CHANGES"].flatMap { Int($0) }

    static func check(_ applied: Int) {
        guard let afterChanges, applied >= afterChanges else { return }
        kill(getpid(), SIGKILL)
    }
}
