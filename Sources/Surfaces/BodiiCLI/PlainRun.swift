/// The app's start in its plain form — `bodii` or `bodii run`, with `--db PATH`, `--ascii` (and the
/// benchmarks' `--exit-after-first-frame`), each at most once — read without the argument parser,
/// as `PlainToday` reads `today`: building the parser's command tree (its reflection and
/// conformance look-ups) was a tenth of the instructions before the first frame. Anything else
/// (help, `--`, `=` forms, a repeated or blank option, a value that names a command, any other
/// word) is left to the parser, so its messages and exit codes stay its own.
struct PlainRun {
    var db: OptionText?
    var ascii = false
    var exitAfterFirstFrame = false

    /// The arguments (after `GlobalArguments.normalized`) when they are a plain start of the app;
    /// nil for anything the parser must see.
    init?(_ arguments: [String]) {
        // `run` is the default command: `bodii --db X` is `bodii run --db X`.
        let named = arguments.first == "run" ? arguments : ["run"] + arguments
        guard
            let plain = PlainArguments(
                named, command: "run", flags: ["--ascii", "--exit-after-first-frame"], options: ["--db"], takesWords: false)
        else { return nil }
        db = plain.values["--db"]
        // `bodii --db run`: which word is the command is the parser's to say.
        if let db, GlobalArguments.subcommands.contains(db.text) { return nil }
        ascii = plain.flags.contains("--ascii")
        exitAfterFirstFrame = plain.flags.contains("--exit-after-first-frame")
    }

    /// Runs it as `RunCommand` would; the exit code.
    func run() -> Int32 {
        PlainArguments.exitCode(databasePath: db?.text) {
            try RunCommand.run(databasePath: db?.text, ascii: ascii, exitAfterFirstFrame: exitAfterFirstFrame)
        }
    }
}
