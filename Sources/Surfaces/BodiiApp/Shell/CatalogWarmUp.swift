import BodiiUI
import BodiiStore
import TerminalKit

/// The food catalog seeds on first use (~0.2 s once per database) and search loads its vocabulary
/// (~50 ms): a job does both after the first frame, so the first food search doesn't wait. A quit
/// meanwhile is safe: the seed is one transaction and never half-commits.
struct CatalogWarmUp: Job {
    package let repositories: SQLiteRepositories
    package var title: String { "Preparing food search" }

    package func run(_ progress: JobReporter) async throws -> String {
        try Task.checkCancellation()
        try repositories.prepareFoodSearch()
        return "Food search is ready."
    }
}
