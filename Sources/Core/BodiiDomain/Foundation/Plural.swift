import Foundation

/// "1 day", "2 days": counts in words, so no screen says "1 items".
public enum Plural {
    /// `count` and the noun, with an "s" unless the count is one (or the given plural form).
    public static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
