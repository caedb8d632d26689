/// Food names shortened so that rows of a list can be told apart (issue 15). USDA names go from
/// the general to the particular, so a list of chicken breasts is "Chicken, broilers or fryers,
/// breast, meat only, cooked, …" four times and cut to the width they all read the same.
///
/// A name too long for `width` keeps its head (the food) and drops, one by one from the second part
/// on, the parts it shares with another name of the list, marked with "…", until what differs
/// fits: "Chicken, …, meat only, cooked, roasted". Rows that still read alike (what told them apart
/// was shared with a third name, or cut off) keep instead their head, the parts that tell each
/// from every other name with that head (for each a part it lacks: "short-grain" against the
/// medium-grain, "unenriched" against the plain one), then as many more as fit from the last part
/// back: "Rice, …, short-grain, …, unenriched". Names that fit, or share nothing past the head, are
/// left as they are (the table cuts them). The detail pane shows the full name. In TerminalKit so
/// every list of food names uses it: the app's lists and the CLI's `search` and `history` tables
/// (issue 26: `bodii search` at 80 columns printed two "Cereals, ROMAN MEAL WITH OATS, cooked wi…").
public enum DistinctNames {
    public static func shorten(_ names: [String], width: Int, ellipsis: String = "…") -> [String] {
        let parts = names.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(trimmed) }
        var shown = names.indices.map { i -> String in
            guard TextWidth.of(names[i]) > width, parts[i].count > 2 else { return names[i] }
            // How many leading parts this name shares with the most similar other name.
            var shared = 0
            // The same name again (a history lists one food many times) tells nothing apart.
            for j in names.indices where names[j] != names[i] {
                var n = 0
                while n < parts[i].count - 1, n < parts[j].count, parts[i][n] == parts[j][n] { n += 1 }
                shared = max(shared, n)
            }
            guard shared >= 2 else { return names[i] }
            // Drop the shared parts after the head, one by one, until what differs fits.
            var dropped = 1
            var text = names[i]
            while dropped < shared {
                text = ([parts[i][0], ellipsis] + parts[i][(dropped + 1)...]).joined(separator: ", ")
                if TextWidth.of(text) <= width { break }
                dropped += 1
            }
            // Cut here, once, at the end: what differs is right after the parts dropped.
            return cutAtEnd(text, width: width, ellipsis: ellipsis)
        }
        // Rows that still read alike once cut to the width (the part that told them apart was
        // shared with a third name, or cut off): those keep what tells each apart from all others.
        var rows: [String: [Int]] = [:]
        for i in names.indices { rows[TextWidth.truncate(shown[i], to: width, ellipsis: ellipsis), default: []].append(i) }
        let row = { (text: String) in TextWidth.truncate(text, to: width, ellipsis: ellipsis) }
        // In list order, so the same list always reads the same.
        for alike in rows.values.sorted(by: { $0[0] < $1[0] }) where alike.count > 1 && Set(alike.map { names[$0] }).count > 1 {
            var candidates: [Int: String] = [:]
            for i in alike where parts[i].count > 2 && TextWidth.of(names[i]) > width {
                candidates[i] = telling(i, apart: parts, names: names, width: width, ellipsis: ellipsis)
            }
            // Taken only where the row then reads unlike every other (a part cut off can still
            // leave two alike; the first way is then as good).
            for (i, candidate) in candidates.sorted(by: { $0.key < $1.key }) {
                let others = names.indices.filter { names[$0] != names[i] }.map { row(candidates[$0] ?? shown[$0]) }
                // Cut at the end it may still read as another row; cut in the middle, its end tells.
                let endCut = cutAtEnd(candidate, width: width, ellipsis: ellipsis)
                let middleCut = fitting(candidate, width: width, ellipsis: ellipsis)
                if !others.contains(endCut) {
                    shown[i] = endCut
                    candidates[i] = endCut
                } else if !others.contains(middleCut) {
                    shown[i] = middleCut
                    candidates[i] = middleCut
                }
            }
        }
        return shown
    }

    /// Name `i` with its head, the parts that tell it from every other name with that head, then
    /// as many more as fit from the last part back; "…" for what is left out.
    private static func telling(_ i: Int, apart parts: [[String]], names: [String], width: Int, ellipsis: String) -> String {
        let mine = parts[i]
        // The parts that tell it apart: greedily, the part the most remaining names lack.
        var others = names.indices.filter { $0 != i && parts[$0].first == mine[0] && names[$0] != names[i] }.map { Set(parts[$0]) }
        var kept: Set<Int> = [0]
        while true {
            others.removeAll { other in kept.contains { !other.contains(mine[$0]) } }
            guard !others.isEmpty else { break }
            let best = mine.indices.dropFirst().filter { !kept.contains($0) }
                .max { a, b in others.count { !$0.contains(mine[a]) } < others.count { !$0.contains(mine[b]) } }
            guard let best, others.contains(where: { !$0.contains(mine[best]) }) else { break }
            kept.insert(best)
        }
        func text(_ kept: Set<Int>) -> String {
            var out: [String] = []
            for n in mine.indices {
                if kept.contains(n) { out.append(mine[n]) } else if out.last != ellipsis { out.append(ellipsis) }
            }
            return out.joined(separator: ", ")
        }
        // Then the rest, from the last part back, while the row fits.
        for n in mine.indices.dropFirst().reversed() where !kept.contains(n) {
            if TextWidth.of(text(kept.union([n]))) <= width { kept.insert(n) }
        }
        return text(kept)
    }

    /// `text`, shortened here, made to fit `width` so nothing cuts it a second time: whole parts
    /// after the head go, from the second on, into one mark, because what tells USDA names apart is
    /// often at the end ("…, with salt" against "…, without salt"; issue 26: two rows of
    /// "Potatoes, …, flesh, with salt"). Only when the head, one mark and the last part still do not
    /// fit is the end cut, never next to a mark (issue 26: "Yogurt, ……, fortified with vitamin D",
    /// a middle cut cut again, and "Yogurt, …, low fat, 12 grams protei…" cut by the table).
    static func fitting(_ text: String, width: Int, ellipsis: String) -> String {
        guard TextWidth.of(text) > width else { return text }
        let parts = text.components(separatedBy: ", ")
        guard parts.count > 2, let head = parts.first, let last = parts.last else {
            return cutAtEnd(text, width: width, ellipsis: ellipsis)
        }
        for leftOut in 1..<(parts.count - 1) {
            var kept = [head, ellipsis]
            // A mark already there joins the new one.
            for part in parts[(leftOut + 1)...] where !(part == ellipsis && kept.last == ellipsis) { kept.append(part) }
            let candidate = kept.joined(separator: ", ")
            if TextWidth.of(candidate) <= width { return candidate }
        }
        return cutAtEnd([head, ellipsis, last].joined(separator: ", "), width: width, ellipsis: ellipsis)
    }

    /// `text` cut at its end with one mark, which follows a word, not a separator or another mark.
    private static func cutAtEnd(_ text: String, width: Int, ellipsis: String) -> String {
        guard TextWidth.of(text) > width else { return text }
        let room = width - TextWidth.of(ellipsis)
        guard room > 0, !ellipsis.isEmpty else { return Truncation.cut(text, to: width, marker: ellipsis) }
        var kept = Truncation.cut(text, to: room, marker: "")
        while kept.hasSuffix(" ") || kept.hasSuffix(",") || kept.hasSuffix(ellipsis) {
            kept.removeLast(kept.hasSuffix(ellipsis) ? ellipsis.count : 1)
        }
        return kept.isEmpty ? Truncation.cut(text, to: width, marker: ellipsis) : kept + ellipsis
    }
}

extension DistinctNames {
    /// `part` without the white space around it, as Foundation's `trimmingCharacters(in:
    /// .whitespaces)` (Unicode's space separators and the tab) trims it; that call cost 30,000
    /// instructions a part, two thirds of the table `bodii search` prints.
    static func trimmed(_ part: Substring) -> String {
        let scalars = part.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBlank($0) }) else { return "" }
        guard let last = scalars.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// What `CharacterSet.whitespaces` holds (CoreFoundation's list: the space separators of its
    /// Unicode version, U+200B among them, and the tab).
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
