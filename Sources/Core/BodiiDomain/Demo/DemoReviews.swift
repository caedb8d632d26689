import Foundation

extension DemoHistory {
    /// A few past reviews for `bodii demo` (PRODUCT.md §8): the last three weeks and last month,
    /// with notes, Tries that answer Problems, and actions — one done, one dropped with a note, and
    /// some still open, two bound to a metric. Ids are set (the demo writes into a new database) so
    /// Tries and actions can name what they link to.
    public func reviews(weekStart: WeekStart = .monday) -> (items: [ReviewItem], actions: [ReviewAction]) {
        let thisWeek = ReviewPeriod(.week, containing: endDate, weekStart: weekStart)
        var items: [ReviewItem] = []
        var actions: [ReviewAction] = []
        func note(_ period: ReviewPeriod, _ kind: ReviewItemKind, _ text: String, answers problem: Int64? = nil) -> Int64 {
            let id = Int64(items.count + 1)
            items.append(ReviewItem(id: id, period: period, kind: kind, text: text, problemId: problem))
            return id
        }
        func action(
            _ period: ReviewPeriod, _ text: String, from tryId: Int64?, due: LocalDate? = nil, status: ActionStatus = .open,
            dropNote: String? = nil, metric: ActionMetric? = nil, target: Int? = nil, closedAfter days: Int? = nil
        ) {
            let closed = days.map { min(endDate, period.end.adding(days: $0)) }
            actions.append(
                ReviewAction(
                    id: Int64(actions.count + 1), period: period, text: text, tryId: tryId, due: due,
                    status: closed == nil ? .open : status, dropNote: dropNote, metric: metric, target: target,
                    createdOn: min(endDate, period.end), closedOn: closed))
        }

        let month = ReviewPeriod(.month, containing: endDate, weekStart: weekStart).moved(by: -1)
        _ = note(month, .keep, "Checked in almost every day")
        let fewWeights = note(month, .problem, "Too little strength training")
        let mondays = note(month, .try, "A strength session every Monday", answers: fewWeights)
        action(month, "Two strength sessions a week", from: mondays)

        let w3 = thisWeek.moved(by: -3)
        _ = note(w3, .keep, "Walked to work most days")
        let screens = note(w3, .problem, "Late screens pushed bedtime past midnight")
        let phone = note(w3, .try, "Phone out of the bedroom at 22:30", answers: screens)
        action(w3, "Charge the phone in the kitchen", from: phone, status: .done, closedAfter: 3)

        let w2 = thisWeek.moved(by: -2)
        _ = note(w2, .keep, "Cooked dinner at home five nights")
        let breakfast = note(w2, .problem, "Skipped breakfast, then snacked at four")
        let oats = note(w2, .try, "Overnight oats ready the evening before", answers: breakfast)
        action(w2, "Prepare breakfast every evening", from: oats, status: .dropped, dropNote: "oats every day got boring", closedAfter: 4)
        action(w2, "Sleep 7 h or more on 5 nights", from: phone, metric: .sleep, target: 5)

        let w1 = thisWeek.moved(by: -1)
        _ = note(w1, .keep, "Three runs, all easy pace")
        let weekend = note(w1, .problem, "Weekend meals far over target")
        let plan = note(w1, .try, "Plan Saturday dinner on Friday", answers: weekend)
        action(w1, "Log every meal this week", from: plan, due: endDate, metric: .meals, target: 6)
        action(w1, "Book a physio appointment for the knee", from: nil, due: endDate.adding(days: 5))
        return (items, actions)
    }
}
