import Foundation

/// A moment as one line is typed, in the app's capture and on the command line:
/// "walk with Sam +social +outdoors 4/5" — words, `+tags`, and how it felt as `N/5` at the end.
public struct MomentLine: Equatable, Sendable {
    public var text: String
    public var tags: [String]
    public var feeling: Int?

    public static let textLength = 200
    public static let tagLength = 32
    public static let tagLimit = 10
    static let tagRule = "letters, digits, - or _"
    /// What a line may hold, for messages and the capture's hint.
    public static let allowed = "words, +tags and a feeling 1/5–5/5 at the end"

    public init(text: String, tags: [String] = [], feeling: Int? = nil) {
        self.text = text
        self.tags = tags
        self.feeling = feeling
    }

    /// Reads `line`; `field` names it in messages ("moment", "--feel").
    public static func parse(_ line: String, field: String = "moment") throws(ValidationError) -> MomentLine {
        if line.unicodeScalars.contains(where: { TerminalText.isUnsafe($0) && $0 != "\t" }) {
            throw ValidationError(field: field, value: line, allowed: allowed + ", no control characters", problem: .invalidCharacters)
        }
        var words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        var tags: [String] = []
        // Tags and the feeling are read from the end: "walk 4/5 +social" and "walk +social 4/5" both.
        var feeling: Int?
        while let last = words.last {
            if let tag = try tagWord(last) {
                if !tags.contains(tag) { tags.insert(tag, at: 0) }
            } else if feeling == nil, let rating = try ratingWord(last, field: field) {
                feeling = rating
            } else {
                break
            }
            words.removeLast()
        }
        // Tags in the middle of the words ("lunch with +work people") are tags too; the words keep their order.
        var kept: [String] = []
        for word in words {
            if let tag = try tagWord(word) {
                if !tags.contains(tag) { tags.append(tag) }
            } else {
                kept.append(word)
            }
        }
        let text = kept.joined(separator: " ")
        guard !text.isEmpty || !tags.isEmpty else { throw ValidationError(field: field, value: line, allowed: allowed, problem: .empty) }
        guard text.count <= textLength else {
            throw ValidationError(field: field, value: line, allowed: "up to \(textLength) characters of words", problem: .tooLong)
        }
        guard tags.count <= tagLimit else {
            throw ValidationError(field: field, value: line, allowed: "up to \(tagLimit) tags", problem: .outOfRange)
        }
        return MomentLine(text: text, tags: tags, feeling: feeling)
    }

    /// A tag as stored: lower case, without its "+"; nil when `name` cannot be one.
    public static func tag(_ name: String) -> String? {
        let tag = name.lowercased()
        guard (1...tagLength).contains(tag.count), tag.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            return nil
        }
        return tag
    }

    /// A `+tag` word's tag; nil for any other word ("+" alone, "1+1").
    private static func tagWord(_ word: String) throws(ValidationError) -> String? {
        guard word.hasPrefix("+"), word.count > 1 else { return nil }
        guard word.count <= tagLength + 1 else {
            throw ValidationError(field: "tag", value: word, allowed: "up to \(tagLength) characters", problem: .tooLong)
        }
        guard let tag = tag(String(word.dropFirst())) else {
            throw ValidationError(field: "tag", value: word, allowed: "+ then " + tagRule, problem: .invalidFormat)
        }
        return tag
    }

    /// An `N/5` word's rating; nil for any other word. "7/5" is refused, not read as words.
    private static func ratingWord(_ word: String, field: String) throws(ValidationError) -> Int? {
        guard word.hasSuffix("/5"), let n = Int(word.dropLast(2)), word.dropLast(2).allSatisfy(\.isASCII) else { return nil }
        guard Validation.ratingRange.contains(n) else {
            throw ValidationError(field: "feeling", value: word, allowed: "1/5–5/5", problem: .outOfRange)
        }
        return n
    }
}
