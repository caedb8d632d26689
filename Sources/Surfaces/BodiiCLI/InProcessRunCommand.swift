import BodiiApp
import Foundation

extension BodiiMain {
    /// Runs one command in this process as `main` would, without exiting: `environment` stands for
    /// the process's, and what it writes is returned instead.
    static func runInProcess(
        _ arguments: [String], environment: [String: String], localeIsUTF8: Bool
    ) -> (status: Int32, stdout: Data, stderr: Data) {
        let run = InProcessRun(environment: environment, localeIsUTF8: localeIsUTF8)
        let status = InProcessRun.$current.withValue(run) { Self.run(GlobalArguments.normalized(arguments)) }
        return (status, run.stdout, run.stderr)
    }
}
