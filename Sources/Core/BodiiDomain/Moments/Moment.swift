import Foundation

/// A moment (issue 47 item 3, after DotLife): something that happened, noted when it happened —
/// "walk with Sam +social +outdoors 4/5". Many a day, each with its time.
public struct Moment: Equatable, Sendable, Identifiable {
    public var id: Int64?
    /// The day it happened, by the person's calendar.
    public var date: LocalDate
    public var at: Date
    /// What happened, without its tags ("walk with Sam"); may be empty when tags say it all.
    public var text: String
    /// Lower-case, without the "+", in the order typed, each once.
    public var tags: [String]
    /// How it felt, 1–5, when said.
    public var feeling: Int?
    public var provenance: Provenance

    public init(
        id: Int64? = nil, date: LocalDate, at: Date, text: String, tags: [String] = [], feeling: Int? = nil,
        provenance: Provenance = .bodii
    ) {
        self.id = id
        self.date = date
        self.at = at
        self.text = text
        self.tags = tags
        self.feeling = feeling
        self.provenance = provenance
    }

    /// The moment as it is typed: "walk with Sam +social +outdoors 4/5".
    public var line: String {
        ([text] + tags.map { "+" + $0 } + [feeling.map { "\($0)/5" }].compactMap { $0 }).filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// The moment with `line`'s words, tags and feeling.
    public func told(_ line: MomentLine) -> Moment {
        var m = self
        m.text = line.text
        m.tags = line.tags
        m.feeling = line.feeling
        return m
    }

    /// Why stored values cannot be a moment's (a document's, a sync's); nil when they can.
    public var problem: String? {
        if text.isEmpty && tags.isEmpty { return "a moment needs words or a tag" }
        if text.count > MomentLine.textLength { return "text is longer than \(MomentLine.textLength) characters" }
        if text.unicodeScalars.contains(where: TerminalText.isUnsafe) { return "text contains control characters" }
        if let bad = tags.first(where: { MomentLine.tag($0) != $0 }) { return "tag \(ValidationError.quoted(bad)) is not \(MomentLine.tagRule)" }
        if tags.count > MomentLine.tagLimit { return "more than \(MomentLine.tagLimit) tags" }
        if Set(tags).count != tags.count { return "a tag is named twice" }
        if let f = feeling, !Validation.ratingRange.contains(f) { return "feeling \(f) is out of range: allowed 1–5" }
        return nil
    }
}

/// Where moments are kept.
public protocol MomentRepository {
    /// Inserts the moment; returns it with its id.
    @discardableResult
    func addMoment(_ moment: Moment) throws -> Moment
    /// Replaces the moment with the same id.
    func updateMoment(_ moment: Moment) throws
    /// Deletes by id; returns what was deleted (for undo), nil if absent.
    @discardableResult
    func deleteMoment(id: Int64) throws -> Moment?
    /// The moments of `range`, in time order.
    func moments(in range: DateRange) throws -> [Moment]
}
