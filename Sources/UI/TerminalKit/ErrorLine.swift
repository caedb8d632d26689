import Foundation

/// What a screen shows for an error: one line the user can read. Errors that know how to say
/// themselves (`LocalizedError`: the store's, which keep SQLite's statement text out) give their
/// own line; any other error its description's first line. Every tab, form and job shows errors
/// through this, so no screen prints an error raw.
public enum ErrorLine {
    public static func text(_ error: any Error) -> String {
        let full = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        let first = full.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return first.isEmpty ? "an unexpected error" : first
    }
}
