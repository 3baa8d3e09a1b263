import ArgumentParser
import Scenarios

/// `listbench validate FILE...`: checks scenario files without running them.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scenario files without running them.",
        discussion: """
            Decodes, validates and generates each file, and prints one line per file: what it holds, \
            or the one problem found (with the JSON path, and line and column). \
            Exit codes: \(ListBenchExit.summary(of: [.success, .usage, .invalidScenario, .cannotOpen])) \
            The format: docs/scenario-format.md.
            """
    )

    @Argument(help: "Scenario files (JSON).")
    var files: [String]

    @Option(help: "A device (a shipped name or a profile file) that overrides the files'.")
    var device: String?

    func run() throws {
        let deviceName = try device.map { try DeviceOption.load($0, flag: "--device").name }
        var worst = ListBenchExit.success
        for file in files {
            let scenario: Scenario
            do throws(ScenarioError) {
                scenario = try ScenarioFile.load(path: file)
            } catch {
                Terminal.note("\(file): \(error)")
                let code = ListBenchExit.forScenario(error)
                // A file that cannot be opened outranks an invalid one.
                if worst == .success || code == ListBenchExit.cannotOpen { worst = code }
                continue
            }
            let generated = try scenario.generate(device: deviceName)
            func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
            try Terminal.out("ok \(file): \(scenario.name), \(count(generated.sections.count, "section")), \(count(generated.itemCount, "item")), "
                + "\(count(generated.changes.count, "change")), \(count(generated.steps.count, "step")), device \(generated.device)")
        }
        if worst != .success { throw worst }
    }

    func validate() throws {
        // A shipped name is checked here; a profile file is read in run().
        if let device { try DeviceOption.checkName(device) }
    }
}
