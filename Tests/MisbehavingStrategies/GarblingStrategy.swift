import Foundation
import ListData
import ListSimulator
import Strategies
#if canImport(Glibc)
import Glibc
#endif

/// `test-garble` (tests only): runs as `reload`, but in an isolated worker
/// it overwrites the worker's result file with text that is not a result as the
/// process exits (an `atexit` handler, which runs after the worker has
/// written its result), so the parent is handed a result it cannot decode.
/// In-process (`--no-isolate`) it is `reload`, and so it is in a serving
/// worker (a modeled-only run), whose result nothing follows at exit: its
/// test measures the run, so that the run has a process of its own (a
/// forking worker's child, whose environment names its result file in
/// `LISTBENCH_WORKER_RESULT`, or a one-run worker, whose arguments do after `--output`).
final class GarblingStrategy: ListStrategy {
    static let descriptor = StrategyDescriptor(
        name: "test-garble", summary: "(tests only) in a worker, replaces the result file with text that is not a result at exit"
    ) { GarblingStrategy(simulation: $0.simulation) }

    private let inner: ReloadStrategy

    init(simulation: Simulation) { inner = ReloadStrategy(simulation: simulation) }

    var surface: any ListSurface { inner.surface }

    func load(_ sections: [DataSection]) {
        if CommandLine.arguments.dropFirst().first == "worker" || getenv("LISTBENCH_WORKER_RESULT") != nil { atexit { garbleWorkerResult() } }
        inner.load(sections)
    }

    func receive(_ changes: [DataChange]) { inner.receive(changes) }
    func visibleContent() -> [ContentKey] { inner.visibleContent() }
}

/// Replaces the worker's result file (`LISTBENCH_WORKER_RESULT`, else the file after `--output`) with a line that is not a result.
private func garbleWorkerResult() {
    let arguments = CommandLine.arguments
    let path: String
    if let named = getenv("LISTBENCH_WORKER_RESULT") {
        path = String(cString: named)
    } else if let flag = arguments.firstIndex(of: "--output"), arguments.indices.contains(flag + 1) {
        path = arguments[flag + 1]
    } else {
        return
    }
    _ = FileManager.default.createFile(atPath: path, contents: Data("not a result\n".utf8))
}
