import ArgumentParser
import MicroBenchmarks
import Profiler
import Rendering

/// `listbench diff-bench`: listbench's diff against Swift's `CollectionDifference`.
struct DiffBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff-bench",
        abstract: "Measure listbench's identifier diff against Swift's CollectionDifference.",
        discussion: """
            Runs DifferenceKit's two standard benchmark cases with Foundation.UUID elements \
            (5,000 elements: 2000..<3000 deleted, 1,000 inserted at 3000, 0..<200 shuffled; \
            100,000: 20000..<30000 deleted, 10,000 inserted at 30000, 0..<2000 shuffled) and \
            the same shape at 1,000,000 (200000..<300000 deleted, 100,000 inserted at 300000, \
            0..<20000 shuffled; without CollectionDifference, which would take minutes per run), \
            or one custom case when --count is given. A custom case of more than 100,000 elements \
            leaves CollectionDifference out unless --reference-repetitions is given (it took 35.6 s \
            per run at 200,000). The lists come from a seeded generator.

            Every figure is MEASURED wall time on this host: median, p90, min, max and MAD \
            (median absolute deviation) in milliseconds over the repetitions, CollectionDifference's \
            runs spread evenly among listbench's. The speed-up is median(CollectionDifference) \
            / median(listbench) with a 95% bootstrap interval. Peak extra memory is the resident \
            memory one listbench diff adds (Linux only). Before timing, both results are verified.

            Build in release for meaningful figures: swift run -c release listbench diff-bench
            """
    )

    @Option(help: "Elements in a custom case's old list (runs that case instead of the standard three).")
    var count: Int?

    @Option(help: "Elements deleted in the custom case (default: count / 10).")
    var deleted: Int?

    @Option(help: "New elements inserted in the custom case (default: count / 10).")
    var inserted: Int?

    @Option(help: "Leading elements shuffled in the custom case (default: count / 50).")
    var shuffled: Int?

    @Option(help: "Timed runs of listbench's diff per case.")
    var repetitions = 31

    @Option(help: """
        Timed runs of CollectionDifference per case (default 3; 0 leaves it out). It is about \
        100-400x slower at 5,000 to 100,000 elements and grows faster than listbench's diff, \
        so it never runs on the standard 1M case, and by default not on a custom case of \
        more than 100,000 elements.
        """)
    var referenceRepetitions: Int?

    /// The reference's runs per case when `--reference-repetitions` is not given.
    static let defaultReferenceRepetitions = 3

    @Option(help: "Untimed warm-up runs of each diff per case.")
    var warmup = 1

    @Option(help: "Seed of the generated UUID lists.")
    var seed: UInt64 = 1

    @Option(help: "Output format: \(TableOrJSON.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: TableOrJSON = .table

    @Flag(help: "Skip the peak memory measurement.")
    var noMemory = false

    @Flag(help: "No progress on standard error.")
    var quiet = false

    func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repetitions must be at least 1, not \(repetitions)") }
        if let referenceRepetitions, referenceRepetitions < 0 {
            throw ValidationError("--reference-repetitions must be 0 or more, not \(referenceRepetitions)")
        }
        guard warmup >= 0 else { throw ValidationError("--warmup must be 0 or more, not \(warmup)") }
        if count == nil, deleted != nil || inserted != nil || shuffled != nil {
            throw ValidationError("--deleted, --inserted and --shuffled describe a custom case: give --count too")
        }
        for benchCase in cases {
            do {
                try benchCase.validate()
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    /// The standard cases, or the custom one. A custom case past
    /// ``DiffBenchCase/largestDefaultReferenceCount`` caps the reference at
    /// no runs unless `--reference-repetitions` was given.
    var cases: [DiffBenchCase] {
        guard let count else { return DiffBenchCase.standard }
        let leavesReferenceOut = referenceRepetitions == nil && count > DiffBenchCase.largestDefaultReferenceCount
        return [DiffBenchCase(
            name: "custom", count: count, deleted: deleted ?? count / 10, inserted: inserted ?? count / 10,
            shuffled: shuffled ?? count / 50, maximumReferenceRepetitions: leavesReferenceOut ? 0 : nil)]
    }

    func run() throws {
        let memory = noMemory ? (probe: nil, method: "not measured (--no-memory)") : HostMemoryProbe.make()
        let options = DiffBenchOptions(
            repetitions: repetitions, referenceRepetitions: referenceRepetitions ?? Self.defaultReferenceRepetitions,
            warmup: warmup, seed: seed)
        let report: DiffBenchReport
        do {
            report = try DiffBenchmark.run(
                cases, options: options, build: Terminal.build, memoryProbe: memory.probe,
                memoryMethod: memory.method, progress: Terminal.progress(quiet: quiet))
        } catch {
            Terminal.endProgress(quiet: quiet)
            Terminal.note("listbench diff-bench: \(error)")
            switch error {
            case .invalidCase: throw ListBenchExit.usage
            case .verificationFailed: throw ListBenchExit.internalError
            }
        }
        Terminal.endProgress(quiet: quiet)
        switch format {
        case .table: try Terminal.out(report.renderTable())
        case .json: try Terminal.out(try report.renderJSON())
        }
    }
}
