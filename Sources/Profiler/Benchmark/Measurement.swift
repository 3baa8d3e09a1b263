import Statistics

/// One run's host figures, as a probe reports them.
public struct HostSample: Equatable, Sendable, Codable {
    /// Wall time, nanoseconds.
    public var wallNanoseconds: Double
    /// CPU time of the running thread, nanoseconds.
    public var cpuNanoseconds: Double
    /// Heap in use at the end of the run minus before it, bytes (nil when the host cannot tell).
    public var allocatedBytes: Double?
    /// Peak resident memory the run added, bytes (nil when the host cannot tell).
    public var peakRSSBytes: Double?

    public init(wallNanoseconds: Double, cpuNanoseconds: Double, allocatedBytes: Double?, peakRSSBytes: Double?) {
        self.wallNanoseconds = wallNanoseconds
        self.cpuNanoseconds = cpuNanoseconds
        self.allocatedBytes = allocatedBytes
        self.peakRSSBytes = peakRSSBytes
    }
}

/// Measures one piece of work on this host. The profiler does no I/O, so
/// the CLI supplies the probe (clocks, malloc statistics, /proc).
public protocol HostProbe: Sendable {
    /// How each figure is measured, for the report.
    var method: String { get }
    /// Runs `body` and measures it. What `body` returns is kept alive until
    /// the heap figure is read, so a run that returns its runner is measured
    /// with everything it holds; it is then handed back.
    func measure<T>(_ body: () -> T) -> (T, HostSample)
}

/// The **measured** figures of one (scenario, strategy): statistics over
/// repetitions, with the raw samples kept for later comparisons.
public struct MeasuredFigures: Equatable, Sendable, Codable {
    public var repetitions: Int
    public var wallMs: SampleSummary
    public var cpuMs: SampleSummary
    public var allocatedBytes: SampleSummary?
    public var peakRSSBytes: SampleSummary?
    /// The raw samples, in repetition order: wall and CPU times (ms), heap and peak RSS (bytes; empty when not measured).
    public var wallSamplesMs: [Double]
    public var cpuSamplesMs: [Double]
    public var allocatedSamples: [Double]
    public var peakRSSSamples: [Double]

    /// Summarises samples; nil when there are none.
    public init?(_ samples: [HostSample]) {
        let wall = samples.map { $0.wallNanoseconds / 1_000_000 }
        let cpu = samples.map { $0.cpuNanoseconds / 1_000_000 }
        guard let wallSummary = SampleSummary(wall), let cpuSummary = SampleSummary(cpu) else { return nil }
        repetitions = samples.count
        wallMs = wallSummary
        cpuMs = cpuSummary
        allocatedBytes = SampleSummary(samples.compactMap(\.allocatedBytes))
        peakRSSBytes = SampleSummary(samples.compactMap(\.peakRSSBytes))
        wallSamplesMs = wall
        cpuSamplesMs = cpu
        allocatedSamples = samples.compactMap(\.allocatedBytes)
        peakRSSSamples = samples.compactMap(\.peakRSSBytes)
    }

    /// The raw samples of a measured metric (nil when it was not measured,
    /// or for a modeled or correctness metric, which has no samples; a test
    /// checks that every measured ``MetricID`` has its samples here).
    public func samples(of metric: MetricID) -> [Double]? {
        let samples: [Double]
        switch metric {
        case .wallMs: samples = wallSamplesMs
        case .cpuMs: samples = cpuSamplesMs
        case .allocatedBytes: samples = allocatedSamples
        case .peakRSSBytes: samples = peakRSSSamples
        default: return nil
        }
        return samples.isEmpty ? nil : samples
    }

    /// The summary of a measured metric's samples (nil as for ``samples(of:)``).
    public func summary(of metric: MetricID) -> SampleSummary? {
        switch metric {
        case .wallMs: return wallMs
        case .cpuMs: return cpuMs
        case .allocatedBytes: return allocatedBytes
        case .peakRSSBytes: return peakRSSBytes
        default: return nil
        }
    }
}

/// How the measured figures of a report were taken.
public struct MeasurementInfo: Equatable, Sendable, Codable {
    /// Measured repetitions per (scenario, strategy), after `warmup` unrecorded ones.
    public var repetitions: Int
    public var warmup: Int
    /// Runs at once (`--jobs`): of a modeled-only command; of the measured
    /// repetitions only when ``measuredInParallel``.
    public var jobs: Int
    /// Whether the measured repetitions themselves ran in parallel (less trustworthy).
    public var measuredInParallel: Bool
    /// Repetitions run interleaved: every (scenario, strategy) once, then again.
    public var interleaved: Bool
    public var method: String
    /// The build configuration of the binary that measured (debug figures mislead).
    public var build: String
    /// Whether each repetition ran in its own child process (cold: warm-up runs do not warm it); nil in older files.
    public var isolated: Bool?

    public init(repetitions: Int, warmup: Int, jobs: Int, measuredInParallel: Bool, method: String, build: String, isolated: Bool = false) {
        self.repetitions = repetitions
        self.warmup = warmup
        self.jobs = jobs
        self.measuredInParallel = measuredInParallel
        self.interleaved = true
        self.method = method
        self.build = build
        self.isolated = isolated
    }
}
