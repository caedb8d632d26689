import BodiiDomain
import BodiiStore
import Foundation

extension BodiiDocumentImport {
    /// Writes a document read part by part (`BodiiDocumentStream`): `records` for each page of
    /// the long histories, then `rest` for the profile, goals, reviews, pantry and meal library.
    /// The caller holds one transaction around all of it (`SQLiteRepositories.inOneTransaction`).
    package struct Writer {
        package let r: SQLiteRepositories
        package var outcome = Outcome(counts: MergeCounts(), profile: false, goals: 0, customFoods: 0)
        /// Source and external ids seen so far per kind (see `separateCollisions`).
        package var seen: [String: [Provenance: Int]] = [:]

        package init(_ r: SQLiteRepositories) { self.r = r }

        /// A page of one of `recordKinds`.
        package mutating func records(_ d: BodiiExport.Document) throws {
            for kind in BodiiExport.recordKinds { add(try kind.write(d, into: r, seen: &seen[kind.listKey, default: [:]])) }
            // Each check-in is written (the document's replaces the day's).
            outcome.checkIns = outcome.counts.added[.checkIn] ?? 0
        }

        /// The profile (when this database has none), reviews, pantry, goals and meal library.
        package mutating func rest(_ d: BodiiExport.Document) throws {
            var batch = HistoryBatch()
            if try r.loadProfile() == nil, let profile = d.profile {
                batch.profile = profile
                outcome.profile = true
            }
            // The same for review notes and actions: "review_item/<id>" with the text it has here.
            // (A note found this way is not linked to by new notes of the document: it is one of this
            // database's own, and so are the notes that named it.)
            if !d.reviewItems.isEmpty || !d.actions.isEmpty {
                let here = try r.reviewHistory(
                    startingIn: DateRange(start: Validation.earliestDate, end: Validation.earliestDate.adding(days: 400_000)))
                let ownNotes = Set(
                    here.items.filter { $0.provenance == .bodii }.compactMap { i in i.id.map { "review_item/\($0)|\(i.text)" } })
                let ownActions = Set(
                    here.actions.filter { $0.provenance == .bodii }.compactMap { a in a.id.map { "action/\($0)|\(a.text)" } })
                var counts = outcome.counts
                func isOwn(_ p: Provenance, _ text: String, in own: Set<String>, _ kind: MergeCounts.Kind) -> Bool {
                    guard p.source == Provenance.bodii.source, let id = p.externalId, own.contains("\(id)|\(text)") else { return false }
                    counts.record(kind, added: false)
                    return true
                }
                batch.reviewItems = d.reviewItems.filter { !isOwn($0.provenance, $0.text, in: ownNotes, .reviewItem) }
                batch.actions = d.actions.filter { !isOwn($0.provenance, $0.text, in: ownActions, .action) }
                outcome.counts = counts
            }
            batch.pantry = d.pantry
            let everything = DateRange(
                start: Validation.earliestDate, end: LocalDate(year: 9999, month: 12, day: 31) ?? Validation.earliestDate)
            let purchasesBefore = d.pantry.purchases.isEmpty ? 0 : try r.purchases(in: everything).count
            add(try r.merge(batch))
            if !d.pantry.purchases.isEmpty { outcome.purchasesAdded = try r.purchases(in: everything).count - purchasesBefore }
            outcome.pantryPurchases = d.pantry.purchases.count
            // The active goal last, so it is the one left active.
            outcome.goals = try r.importGoals(d.goals)
            try BodiiDocumentImport.mergeLibrary(d, into: r, &outcome)
        }

        private mutating func add(_ merged: MergeCounts) {
            for kind in MergeCounts.Kind.allCases {
                outcome.counts.added[kind, default: 0] += merged.added[kind] ?? 0
                outcome.counts.alreadyThere[kind, default: 0] += merged.alreadyThere[kind] ?? 0
                outcome.counts.updated[kind, default: 0] += merged.updated[kind] ?? 0
            }
        }
    }
}
