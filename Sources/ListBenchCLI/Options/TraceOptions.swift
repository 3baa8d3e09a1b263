import ArgumentParser
import Profiler
import Rendering
import Strategies

/// What `run --export-trace` keeps: some strategies' runs, a span of virtual time.
struct TraceOptions: ParsableArguments {
    @Option(name: .customLong("trace-strategy"), help: ArgumentHelp(
        "Trace only this strategy's runs (repeatable; one of the run's strategies; default: every one).", valueName: "name"))
    var strategies: [String] = []

    @Option(name: .customLong("trace-window"), parsing: .unconditional, help: ArgumentHelp(
        "Trace only FROM-TO, in ms of virtual time (such as 2000-5000): slices and frames across an edge are cut to it, counters start at their value at FROM.",
        valueName: "from-to"))
    var window: String?

    /// The parsed `--trace-window`, nil when not given; validate() has checked it.
    var parsedWindow: ChromeTrace.Window? {
        guard let window, case .success(let parsed) = ChromeTrace.Window.parse(window) else { return nil }
        return parsed
    }

    /// Checks the options against the run's: both shape `--export-trace`;
    /// each `--trace-strategy` names (as `--strategy` does) one of the run's strategies.
    ///
    /// - Parameter chosen: the run's strategies, resolved.
    /// - Throws: `ValidationError` (exit 64) with one message.
    func check(exportTrace: String?, chosen: [StrategyDescriptor]) throws {
        guard exportTrace != nil || (strategies.isEmpty && window == nil) else {
            throw ValidationError("--trace-strategy and --trace-window choose what --export-trace writes; give --export-trace FILE")
        }
        if let window, case .failure(let error) = ChromeTrace.Window.parse(window) { throw ValidationError(error.description) }
        _ = try traced(from: chosen)
    }

    /// The run's strategies the trace keeps: those `--trace-strategy` names, else all.
    func traced(from chosen: [StrategyDescriptor]) throws -> [StrategyDescriptor] {
        guard !strategies.isEmpty else { return chosen }
        var kept = Set<String>()
        for name in strategies {
            let resolved: String
            do { resolved = try CommandContext.catalog.value.named(name).name } catch { throw ValidationError("--trace-strategy \(name): \(error)") }
            guard chosen.contains(where: { $0.name == resolved }) else {
                throw ValidationError("--trace-strategy \(name): not one of this run's strategies: \(chosen.map(\.name).joined(separator: ", "))")
            }
            kept.insert(resolved)
        }
        return chosen.filter { kept.contains($0.name) }
    }

    /// The trace file's metadata (its `otherData`): the tool, its version,
    /// the model's, and what the options left out.
    func metadata(modelVersion: String?) -> [(key: String, value: String)] {
        var out: [(key: String, value: String)] = [("tool", "listbench"), ("toolVersion", ListBenchVersion.tool)]
        if let modelVersion { out.append(("modelVersion", modelVersion)) }
        if !strategies.isEmpty { out.append(("traceStrategies", strategies.joined(separator: ","))) }
        if let window { out.append(("traceWindowMs", window)) }
        return out
    }
}
