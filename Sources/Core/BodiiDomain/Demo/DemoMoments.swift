import Foundation

/// The demo's moments (issue 47 item 3), from a random stream of their own: on about two days in
/// three, one to three things that happened, with their tags and, most often, how they felt. No
/// link to anything else is planted: whatever Insights finds in them is chance, and it should find
/// nothing.
extension DemoHistory {
    static let momentLines: [(text: String, tags: [String])] = [
        ("coffee with Ana", ["social"]), ("walk by the river", ["outdoors"]), ("long meeting", ["work"]),
        ("call with mum", ["family", "social"]), ("read on the balcony", ["reading", "outdoors"]), ("deadline done", ["work"]),
        ("dinner with friends", ["social"]), ("played with the kids", ["family"]), ("quiet evening", []), ("bike to work", ["outdoors", "work"]),
    ]

    /// The moments, each with a demo id so a second run over a half-written file adds none twice.
    public func moments() -> [Moment] {
        var rng = SeededRandom(seed: seed ^ 0x0D07_11FE)
        let start = endDate.adding(days: -(days - 1))
        var out: [Moment] = []
        for offset in 0..<days where rng.chance(0.65) {
            let date = start.adding(days: offset)
            var hours = (0..<Int.random(in: 1...3, using: &rng)).map { _ in 8 + Double(Int.random(in: 0...155, using: &rng)) * 5 / 60 }
            hours.sort()
            for hour in hours {
                let at = Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + hour * 3600)
                let line = Self.momentLines[Int.random(in: 0..<Self.momentLines.count, using: &rng)]
                let feeling = rng.chance(0.8) ? Int.random(in: 2...5, using: &rng) : nil
                if let now, at > now { continue }
                out.append(
                    Moment(
                        date: date, at: at, text: line.text, tags: line.tags, feeling: feeling,
                        provenance: Provenance(source: "bodii", externalId: "demo-moment/\(out.count + 1)")))
            }
        }
        return out
    }
}
