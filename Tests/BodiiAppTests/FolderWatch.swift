import Foundation

/// Wakes a test when something changes in a folder (inotify: a file made, written, opened or
/// closed there), so a test that waits for a file to appear or grow sleeps until the kernel says
/// so instead of spinning on `stat` and taking a core from the process it waits for.
final class FolderWatch {
    private let fd: Int32

    init(_ folder: String) throws {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: folder]) }
        let events = UInt32(IN_CREATE | IN_MODIFY | IN_OPEN | IN_CLOSE_WRITE | IN_CLOSE_NOWRITE)
        guard inotify_add_watch(fd, folder, events) >= 0 else {
            close(fd)
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: folder])
        }
    }

    deinit { close(fd) }

    /// Checks `condition` now and after each change in the folder until it holds (true) or
    /// `seconds` pass (false). Between changes it re-checks every 5 ms, for what the folder
    /// does not show (a process that has exited, a descriptor installed just after its event, a
    /// file made in a new subfolder).
    func wait(seconds: TimeInterval, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !condition() {
            guard Date() < deadline else { return false }
            var watched = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&watched, 1, 5) > 0 {
                while read(fd, &buffer, buffer.count) > 0 {}  // the events only wake; the condition decides
            }
        }
        return true
    }
}
