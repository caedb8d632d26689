// swift-tools-version: 6.0
import PackageDescription

// The dependency rule (docs/ARCHITECTURE.md) is enforced here and by the build's
// `--explicit-target-dependency-import-check error` (scripts/test): features see only the domain,
// TerminalKit, BodiiUI and the shared charts (and BodiiSearch, the features that search); only
// BodiiStore sees GRDB; only NcursesTerminal sees curses; BodiiImport reads outside formats;
// BodiiDocument is the export/import document; BodiiApp wires the app and runs the shell;
// BodiiCLI is the command line. USDACatalogData is generated data only (scripts/convert-usda).
let features = [
    "DashboardFeature", "BodyFeature", "DietFeature", "ExerciseFeature", "SleepFeature", "SettingsFeature",
    "CheckInFeature", "ReviewFeature", "PantryFeature", "MomentsFeature",
]
/// The features with a search field over foods or activities.
let searchingFeatures: Set<String> = ["DietFeature", "ExerciseFeature", "PantryFeature"]

/// Where each target lives: `Sources/` is grouped by layer (docs/ARCHITECTURE.md, "Modules").
let layers: [String: [String]] = [
    "Core": ["BodiiDomain", "BodiiSearch", "GroceryPlanner"],
    "Store": ["BodiiStore", "BodiiSync", "USDACatalogData"],
    "Adapters": ["BodiiImport", "PlannerSolver"],
    "System": ["CSQLiteConfig", "CLibXML2", "CNcursesw", "CCoinOR", "CSQLiteSession", "CSodium"],
    "UI": ["TerminalKit", "BodiiUI", "SharedCharts", "NcursesTerminal"],
    "Features": features,
    "Surfaces": ["BodiiDocument", "BodiiApp", "BodiiCLI", "bodii", "bodii-usda-convert"],
]
/// `Sources/<layer>/<target>`.
func sources(_ target: String) -> String? {
    layers.first { $0.value.contains(target) }.map { "Sources/\($0.key)/\(target)" }
}

let package = Package(
    name: "Bodii",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "bodii", targets: ["bodii"])
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", exact: "1.19.7"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        // Cronometer's CSV exports (streamed; RFC 4180 quoting, BOM, CRLF).
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
    ],
    targets: [
        .target(name: "BodiiDomain"),
        // Food and activity search: words, plurals, typos, synonyms, qualifiers and the ranking.
        // Pure: it sees the domain only; the store, the features that search and the app import it.
        .target(name: "BodiiSearch", dependencies: ["BodiiDomain"]),
        .target(name: "USDACatalogData"),
        .target(
            name: "BodiiStore",
            dependencies: [
                "BodiiDomain", "BodiiSearch", "USDACatalogData", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"), "CSQLiteConfig",
            ]),
        // sqlite3_db_config (variadic, which Swift cannot call) for BodiiStore: the catalog seed's
        // inserts run with the triggers set aside (CatalogSeeder). Same libsqlite3 as GRDB.
        .systemLibrary(name: "CSQLiteConfig", providers: [.apt(["libsqlite3-dev"])]),
        // libxml2's push parser (Debian: libxml2-dev) streams Apple Health's export.xml.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(
            name: "BodiiImport", dependencies: ["BodiiDomain", "ZIPFoundation", "CLibXML2", .product(name: "CSV", package: "CSV.swift")]),
        .executableTarget(name: "bodii-usda-convert", dependencies: ["BodiiImport", "USDACatalogData"]),
        // The drawing core: buffer, diff, widgets, text width, keys, geometry, style. Generic.
        .target(name: "TerminalKit"),
        // Bodii's own UI pieces on top of it: the day and chart-range keys, delete-undo, the TOML themes.
        .target(name: "BodiiUI", dependencies: ["TerminalKit", "TOMLKit"]),
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncursesw5-dev"])]),
        .target(name: "NcursesTerminal", dependencies: ["CNcursesw", "TerminalKit"]),
        // COIN-OR CLP/CBC (Debian: coinor-libclp-dev, coinor-libcbc-dev; scripts/ensure-deps): headers
        // only, no pkgConfig — its -lCbcSolver … -lblas would load 20 libraries into every start
        // (6 ms); PlannerSolver opens them with dlopen when a plan is first solved.
        .systemLibrary(name: "CCoinOR", providers: [.apt(["coinor-libclp-dev", "coinor-libcbc-dev"])]),
        .target(name: "PlannerSolver", dependencies: ["CCoinOR"]),
        // The grocery planner's model (PRODUCT.md §13): pure, the domain and the solver only.
        .target(name: "GroceryPlanner", dependencies: ["BodiiDomain", "PlannerSolver"]),
        // Sync (PRODUCT.md §14): SQLite's session extension (declared with its macros, same libsqlite3
        // as GRDB) and libsodium (pkg-config libsodium; Debian libsodium-dev via scripts/ensure-deps).
        .systemLibrary(name: "CSQLiteSession", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .target(
            name: "BodiiSync",
            dependencies: ["BodiiDomain", "BodiiStore", "CSQLiteSession", "CSodium"]),
        // The charts, cards and day/period state that several screens and `bodii report` draw.
        .target(name: "SharedCharts", dependencies: ["BodiiDomain", "TerminalKit"]),
    ]
        + features.map {
            .target(
                name: $0,
                dependencies: ["BodiiDomain", "TerminalKit", "BodiiUI", "SharedCharts"]
                    + (searchingFeatures.contains($0) ? ["BodiiSearch"] : [])
                    + ($0 == "PantryFeature" ? ["GroceryPlanner"] : []))
        } + [
            // The export/import document (PRODUCT.md §9) and the import and export jobs.
            .target(
                name: "BodiiDocument",
                dependencies: [
                    "BodiiDomain", "BodiiStore", "BodiiImport", "TerminalKit", "BodiiUI", "SettingsFeature", "ZIPFoundation",
                ]),
            // The composition root and the shell: the environment, the tabs, the event loop.
            .target(
                name: "BodiiApp",
                dependencies: [
                    "BodiiDomain", "BodiiSearch", "BodiiStore", "BodiiDocument", "TerminalKit", "BodiiUI", "NcursesTerminal",
                    "SharedCharts", "GroceryPlanner", "PlannerSolver", "BodiiSync", "TOMLKit",
                ]
                    + features.map { .target(name: $0) }
            ),
            // The command line (PRODUCT.md §4): one file per command, on the app's environment.
            .target(
                name: "BodiiCLI",
                dependencies: [
                    "BodiiApp", "BodiiDocument", "BodiiDomain", "BodiiSearch", "BodiiStore", "BodiiImport", "BodiiSync",
                    "TerminalKit", "NcursesTerminal", "SharedCharts", "GroceryPlanner", "PlannerSolver",
                    .product(name: "ArgumentParser", package: "swift-argument-parser"),
                ]),
            .executableTarget(name: "bodii", dependencies: ["BodiiCLI"]),
            .executableTarget(
                name: "bodii-bench",
                dependencies: [
                    "BodiiApp", "BodiiDomain", "BodiiStore", "TerminalKit", "BodiiUI", "SharedCharts",
                    "USDACatalogData", "BodiiImport", "ImportSamples", "PlannerSamples", "ZIPFoundation", "GroceryPlanner", "PlannerSolver",
                ],
                path: "Benchmarks/bodii-bench"),

            // Made-up Apple Health and Cronometer exports for the import tests and benchmarks; not in `bodii`.
            .target(name: "ImportSamples", dependencies: ["BodiiDomain"], path: "Tests/ImportSamples"),
            // A made-up catalog and meals for the planner's tests and benchmarks; not in `bodii`.
            .target(name: "PlannerSamples", dependencies: ["GroceryPlanner", "BodiiDomain"], path: "Tests/PlannerSamples"),
            // What every test target that opens databases shares: new database files copied from a
            // template made once per test process (scripts/test's time budget). Not in `bodii`.
            .target(name: "BodiiTestSupport", dependencies: ["BodiiStore"], path: "Tests/BodiiTestSupport"),
            .testTarget(
                name: "BodiiSyncTests",
                dependencies: [
                    "BodiiSync", "BodiiStore", "BodiiDomain", "BodiiTestSupport", "CSQLiteSession", .product(name: "GRDB", package: "GRDB.swift")]),
            .testTarget(name: "BodiiSearchTests", dependencies: ["BodiiSearch", "BodiiDomain"]),
            .testTarget(name: "PlannerTests", dependencies: ["GroceryPlanner", "PlannerSolver", "BodiiDomain", "PlannerSamples"]),
            .testTarget(name: "BodiiDomainTests", dependencies: ["BodiiDomain", "BodiiSearch"]),
            .testTarget(
                name: "BodiiStoreTests", dependencies: ["BodiiStore", "BodiiDomain", "BodiiSearch", "USDACatalogData", "BodiiTestSupport"]),
            .testTarget(
                name: "BodiiImportTests",
                dependencies: ["BodiiImport", "BodiiDomain", "ImportSamples", "USDACatalogData", "ZIPFoundation"],
                exclude: ["Fixtures"]),
            .testTarget(
                name: "TerminalKitTests",
                dependencies: ["TerminalKit", "BodiiUI", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
                exclude: ["__Snapshots__"]
            ),
            .testTarget(
                name: "FeatureTests",
                // GRDB: a test changes the file behind the store's back, as another program would.
                dependencies: [
                    "BodiiDomain", "BodiiSearch", "BodiiStore", "TerminalKit", "BodiiUI", "SharedCharts", "GroceryPlanner",
                    "BodiiTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                    .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                ]
                    + features.map { .target(name: $0) },
                exclude: ["__Snapshots__"]
            ),
            // wcwidth from the C library against TextWidth, which only the terminal backend can ask.
            .testTarget(name: "NcursesTerminalTests", dependencies: ["NcursesTerminal", "TerminalKit"]),
            .testTarget(
                name: "BodiiAppTests",
                dependencies: [
                    "BodiiApp", "BodiiCLI", "BodiiDocument", "BodiiStore", "BodiiDomain", "BodiiSearch", "TerminalKit", "BodiiUI",
                    "SharedCharts", "NcursesTerminal", "BodiiTestSupport",
                ]
                    + features.map { .target(name: $0) }),
        ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.path == nil {
    target.path = sources(target.name)
}
