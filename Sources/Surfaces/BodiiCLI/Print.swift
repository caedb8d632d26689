import BodiiApp

/// `Swift.print` for this module, so that every line a command prints reaches the run's stdout:
/// the process's, or an in-process run's capture (`InProcessRun`).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    CommandOutput.printText(items.map { String(describing: $0) }.joined(separator: separator) + terminator)
}
