import TerminalKit

/// Food names shortened so that rows of a list can be told apart (issue 15). USDA names go from
/// the general to the particular, so a list of chicken breasts is "Chicken, broilers or fryers,
/// breast, meat only, cooked, …" four times and cut to the width they all read the same. A name
/// too long for `width` keeps its head (the food) and drops, one by one from the second part on,
/// the parts it shares with another name of the list, marked with "…", until what differs fits:
/// "Chicken, …, meat only, cooked, roasted". Names that fit, or share nothing past the head, are
/// left as they are (the table cuts them). The detail pane shows the full name.
enum DistinctNames {
    static func shorten(_ names: [String], width: Int, ellipsis: String = "…") -> [String] {
        let parts = names.map { $0.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) } }
        return names.indices.map { i in
            guard TextWidth.of(names[i]) > width, parts[i].count > 2 else { return names[i] }
            // How many leading parts this name shares with the most similar other name.
            var shared = 0
            for j in names.indices where j != i {
                var n = 0
                while n < parts[i].count - 1, n < parts[j].count, parts[i][n] == parts[j][n] { n += 1 }
                shared = max(shared, n)
            }
            guard shared >= 2 else { return names[i] }
            var dropped = 1
            var text = names[i]
            while dropped < shared {
                text = ([parts[i][0], ellipsis] + parts[i][(dropped + 1)...]).joined(separator: ", ")
                if TextWidth.of(text) <= width { break }
                dropped += 1
            }
            return text
        }
    }
}
