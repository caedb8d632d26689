import Foundation

// The ports: what use cases read and write through. BodiiStore implements them on SQLite.
// Every method that writes is one transaction, and keeps DailyLog consistent inside it.
// Lists come back in ascending date order (then by id) unless a name says otherwise.

public protocol ProfileRepository {
    func loadProfile() throws -> Profile?
    func saveProfile(_ profile: Profile) throws
}

public protocol BodyRepository {
    /// Inserts the record and its snapshot (linked to it; none before a profile exists); returns
    /// the record with its id.
    @discardableResult
    func addBodyRecord(_ record: BodyRecord, snapshot: MetabolismSnapshot?) throws -> BodyRecord
    /// Replaces the record with the same id and its snapshot (adding one when it had none).
    func updateBodyRecord(_ record: BodyRecord, snapshot: MetabolismSnapshot?) throws
    /// Deletes the record and its snapshot; returns what was deleted (for undo), nil if absent.
    @discardableResult
    func deleteBodyRecord(id: Int64) throws -> BodyRecord?
    func bodyRecords(in range: DateRange) throws -> [BodyRecord]
    /// The latest weigh-in (a record with a weight; a body-fat-only reading is none) on or before `date`.
    func latestBodyRecord(onOrBefore date: LocalDate) throws -> BodyRecord?
    func latestMetabolismSnapshot(onOrBefore date: LocalDate) throws -> MetabolismSnapshot?
    /// Snapshots in date order; within a day the latest-recorded comes last.
    func metabolismSnapshots(in range: DateRange) throws -> [MetabolismSnapshot]
    /// One weight per day (the last one recorded that day), every day that has one.
    func dailyWeights(in range: DateRange) throws -> [(date: LocalDate, weightKg: Double)]
}

public protocol ExerciseRepository {
    @discardableResult
    func addExerciseRecord(_ record: ExerciseRecord) throws -> ExerciseRecord
    func updateExerciseRecord(_ record: ExerciseRecord) throws
    @discardableResult
    func deleteExerciseRecord(id: Int64) throws -> ExerciseRecord?
    func exerciseRecords(in range: DateRange) throws -> [ExerciseRecord]
}

public protocol SleepRepository {
    @discardableResult
    func addSleepRecord(_ record: SleepRecord) throws -> SleepRecord
    func updateSleepRecord(_ record: SleepRecord) throws
    @discardableResult
    func deleteSleepRecord(id: Int64) throws -> SleepRecord?
    func sleepRecords(in range: DateRange) throws -> [SleepRecord]
}

public protocol FoodLogRepository {
    @discardableResult
    func addFoodRecord(_ record: FoodRecord) throws -> FoodRecord
    func updateFoodRecord(_ record: FoodRecord) throws
    @discardableResult
    func deleteFoodRecord(id: Int64) throws -> FoodRecord?
    func foodRecords(in range: DateRange) throws -> [FoodRecord]
    /// Each entry's date and protein, in the order of `foodRecords` (Insights sums ten years of them).
    func foodProtein(in range: DateRange) throws -> [(date: LocalDate, proteinG: Double)]
    /// Grams of the newest entry of `food` in `range` (the amount a person logged last time), nil when none.
    func lastGrams(of food: FoodID, in range: DateRange) throws -> Double?
}

extension FoodLogRepository {
    public func lastGrams(of food: FoodID, in range: DateRange) throws -> Double? {
        try foodRecords(in: range).last { $0.foodId == food && $0.grams != nil }?.grams
    }

    public func foodProtein(in range: DateRange) throws -> [(date: LocalDate, proteinG: Double)] {
        try foodRecords(in: range).map { ($0.date, $0.proteinG) }
    }
}

public protocol DailyLogRepository {
    func dailyLog(on date: LocalDate) throws -> DailyLog?
    func dailyLogs(in range: DateRange) throws -> [DailyLog]
}

public protocol GoalRepository {
    func activeGoal() throws -> Goal?
    /// Saves `goal` as the active one; earlier goals stay as history, inactive.
    @discardableResult
    func saveActiveGoal(_ goal: Goal) throws -> Goal
    func goalHistory() throws -> [Goal]
}

public protocol CheckInRepository {
    func checkIn(on date: LocalDate) throws -> CheckIn?
    /// Inserts or replaces the check-in of that date.
    func saveCheckIn(_ checkIn: CheckIn) throws
    func checkIns(in range: DateRange) throws -> [CheckIn]
    /// Runs of consecutive days with a check-in, as `Streaks` defines them: the run ending on
    /// `day` (or the day before, while `day` has none yet), and the longest run up to `day`.
    func checkInStreaks(endingOn day: LocalDate) throws -> (current: Int, longest: Int)
    /// A day's check-in answers in one transaction: the check-in (insert or replace), a weigh-in
    /// with its snapshot (added, or replacing the record with its id), and a night that takes the
    /// place of any night of its date.
    func saveCheckInDay(_ checkIn: CheckIn, body: (record: BodyRecord, snapshot: MetabolismSnapshot)?, night: SleepRecord?) throws
}

/// The review board (PRODUCT.md §8). A review exists once something was written for its period.
public protocol ReviewRepository {
    /// Keep, Problem and Try notes of the period, in the order they were written.
    func reviewItems(in period: ReviewPeriod) throws -> [ReviewItem]
    /// Inserts the note (with its own id when it has one: undo puts a note back as it was).
    @discardableResult
    func addReviewItem(_ item: ReviewItem) throws -> ReviewItem
    func updateReviewItem(_ item: ReviewItem) throws
    /// Deletes the note; a Try that answered it, or an action that came from it, loses the link.
    @discardableResult
    func deleteReviewItem(id: Int64) throws -> ReviewItem?
    /// Deletes the note like `deleteReviewItem`, and tells which links the delete cut, so an
    /// undo can give them back (`restoreReviewItem`).
    func deleteReviewItemKeepingLinks(id: Int64) throws -> (item: ReviewItem, links: ReviewLinks)?
    /// Puts a deleted note back with its own id, and in the same transaction links back the Tries
    /// and actions of `links` that still exist and have not been linked elsewhere since.
    @discardableResult
    func restoreReviewItem(_ item: ReviewItem, links: ReviewLinks) throws -> ReviewItem

    /// The actions the period's review wrote.
    func actions(in period: ReviewPeriod) throws -> [ReviewAction]
    /// Actions written before `period` began that were still open when it began (open now, or
    /// closed since): the carry-over is this query, never a copy.
    func actionsCarriedOver(into period: ReviewPeriod) throws -> [ReviewAction]
    /// Every action (only the open ones unless `includingClosed`), oldest first.
    func allActions(includingClosed: Bool) throws -> [ReviewAction]
    func action(id: Int64) throws -> ReviewAction?
    @discardableResult
    func addAction(_ action: ReviewAction) throws -> ReviewAction
    func updateAction(_ action: ReviewAction) throws
    @discardableResult
    func deleteAction(id: Int64) throws -> ReviewAction?
    /// The first days of the periods of `kind` starting in `range` whose review has a note or an action.
    func reviewedPeriods(_ kind: ReviewPeriodKind, startingIn range: DateRange) throws -> [LocalDate]
}

/// Many records of any kind written in one transaction (demo data, imports), with the profile
/// and the active goal they go with: a kill never leaves a profile without its history.
public struct HistoryBatch: Sendable {
    public var profile: Profile?
    public var activeGoal: Goal?
    public var body: [(BodyRecord, MetabolismSnapshot)] = []
    public var exercise: [ExerciseRecord] = []
    public var sleep: [SleepRecord] = []
    public var food: [FoodRecord] = []
    public var checkIns: [CheckIn] = []
    /// Review notes and actions, with their ids set so Tries and actions can name what they link to.
    /// `write` stores those ids as they are (a new database); `merge` treats them as the batch's own
    /// keys: each note gets a new id, and the links follow it (a note already there by provenance
    /// is linked to where it is).
    public var reviewItems: [ReviewItem] = []
    public var actions: [ReviewAction] = []
    /// Weights without a snapshot (imported before any profile exists; `addMissingSnapshots`
    /// gives them one when the profile is set).
    public var bareBody: [BodyRecord] = []
    /// Daily activity; on a merge, a day the source gave before is updated when its figures changed
    /// (a newer export completes the day the older one ended on).
    public var activity: [ActivitySnapshot] = []
    /// The pantry (PRODUCT.md §10); on a merge, a row whose id or external id is there already is skipped.
    public var pantry = PantryBatch()
    /// Body measurements (issue 47); on a merge, one whose source holds its external id is skipped.
    public var measurements: [BodyMeasurement] = []
    /// Fasts (issue 47 item 2); on a merge, one whose source holds its external id is skipped.
    public var fasts: [Fast] = []

    public init() {}

    public var isEmpty: Bool {
        profile == nil && activeGoal == nil && body.isEmpty && exercise.isEmpty && sleep.isEmpty && food.isEmpty && checkIns.isEmpty
            && reviewItems.isEmpty && actions.isEmpty
            && bareBody.isEmpty && activity.isEmpty && pantry.isEmpty && measurements.isEmpty
            && fasts.isEmpty
    }
}

public protocol HistoryWriter {
    /// Writes the whole batch and refreshes DailyLog for every date it touches, in one transaction.
    func write(_ batch: HistoryBatch) throws
    /// Like `write`, for imports: a record whose source already holds its external id is skipped
    /// (a body record with its snapshot), so the same file imported twice adds nothing.
    func merge(_ batch: HistoryBatch) throws -> MergeCounts
    /// What `merge` would do, counted in a transaction that is rolled back: nothing is written.
    func mergePreview(_ batch: HistoryBatch) throws -> MergeCounts
}

/// What a merge did, per kind of record.
public struct MergeCounts: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case body, exercise, sleep, food, checkIn, activity
        case reviewItem = "review_item"
        case action
        case measurement
        case fast
        case moment
    }
    public var added: [Kind: Int] = [:]
    public var alreadyThere: [Kind: Int] = [:]
    /// Records the source gave before with other figures, now replaced (activity days).
    public var updated: [Kind: Int] = [:]

    public init() {}

    /// Adds another merge's counts (an import merged in parts).
    public mutating func add(_ other: MergeCounts) {
        added.merge(other.added, uniquingKeysWith: +)
        alreadyThere.merge(other.alreadyThere, uniquingKeysWith: +)
        updated.merge(other.updated, uniquingKeysWith: +)
    }

    /// Counts one record of `kind`, added or found there already.
    public mutating func record(_ kind: Kind, added wasAdded: Bool) {
        if wasAdded { added[kind, default: 0] += 1 } else { alreadyThere[kind, default: 0] += 1 }
    }
}

/// Everything the app reads and writes, as one value to pass around.
public typealias Repositories = ProfileRepository & BodyRepository & ExerciseRepository & SleepRepository
    & FoodLogRepository & FoodCatalogRepository & DailyLogRepository & GoalRepository & CheckInRepository & HistoryWriter
    & ConsistentReading & ReviewRepository & ActivityRepository & MealLibraryRepository & FoodHistoryRepository
    & PantryRepository & NutrientIntakeRepository & NutrientPreferenceRepository & MomentRepository & WriteWatching
    & FastRepository & DayTargetsCaching

/// Reads that belong together, such as everything one screen shows for a day.
public protocol ConsistentReading {
    /// Runs `body`, whose reads through these repositories then share one read transaction: one
    /// snapshot of the data, and one transaction's cost instead of one per read. `body` only reads.
    func readingTogether<T>(_ body: () throws -> T) throws -> T
}

/// Where "now" and "today" come from, so tests can fix them, and how the user's days and weeks
/// run (`calendar`: when a week starts, at what hour a day begins).
public protocol Clock: Sendable {
    var now: Date { get }
    var timeZone: TimeZone { get }
    var calendar: DayCalendar { get }
}

extension Clock {
    public var calendar: DayCalendar { .standard }
    /// The day it is for the user: the local date, or yesterday before `calendar.firstDayHour`.
    public var today: LocalDate { calendar.day(of: now, timeZone: timeZone) }
    public var weekStart: WeekStart { calendar.weekStart }
}

public struct SystemClock: Clock {
    public let calendar: DayCalendar
    public let timeZone: TimeZone
    public init(calendar: DayCalendar = .standard, timeZone: TimeZone = .current) {
        self.calendar = calendar
        self.timeZone = timeZone
    }
    public var now: Date { Date() }
}

public struct FixedClock: Clock {
    public var now: Date
    public var timeZone: TimeZone
    public var calendar: DayCalendar
    public init(now: Date, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, calendar: DayCalendar = .standard) {
        self.now = now
        self.timeZone = timeZone
        self.calendar = calendar
    }

    /// Noon UTC of the given day.
    public init(day: LocalDate) {
        self.init(now: Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 43_200))
    }
}

/// Notices what other processes wrote (a CLI command run while the app is open), so the app can
/// show it without waiting for a tab switch (issue 26).
public protocol OutsideWriteWatching: Sendable {
    /// A number that changes whenever another connection commits to the database, and only then:
    /// this process's own writes leave it as it is.
    func outsideWriteStamp() throws -> Int
}

/// Tells whether anything was written since the last look, by this process or another: what a
/// screen keeps figures by that cost more than a frame to compute (the Review's insights).
public protocol WriteWatching: Sendable {
    /// Equal from one call to the next exactly when nothing was committed in between.
    func writeStamp() throws -> WriteStamp
}

/// Commits seen so far: other connections' (`PRAGMA data_version`) and this connection's own rows changed.
public struct WriteStamp: Equatable, Sendable {
    public var outside: Int
    public var own: Int
    public init(outside: Int, own: Int) {
        self.outside = outside
        self.own = own
    }
}
