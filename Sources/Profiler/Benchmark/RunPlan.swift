import Foundation
import ListData
import ListSimulator
import Scenarios
import Strategies

/// One run, described completely by a value that can cross a process
/// boundary: the generated scenario, the device, the strategy's spec and the
/// bounds. The command line generates each scenario once and hands every
/// isolated worker the plan of its run (``encoded()``); the worker reads it
/// back (``init(decoding:)``), resolves the strategy in its catalog, and
/// runs exactly what an in-process run would.
public struct RunPlan: Equatable, Sendable {
    /// The scenario's label in reports, and the file it came from.
    public var scenario: String
    public var file: String
    public var generated: GeneratedScenario
    public var device: DeviceProfile
    /// The strategy's spec: its name in the catalog.
    public var strategy: String
    public var bounds: RunBounds

    public init(scenario: String, file: String, generated: GeneratedScenario, device: DeviceProfile, strategy: String,
                bounds: RunBounds = RunBounds()) {
        self.scenario = scenario
        self.file = file
        self.generated = generated
        self.device = device
        self.strategy = strategy
        self.bounds = bounds
    }
}

/// What bounds a run besides the runner's own (``ScenarioRunner/maximumVirtualTime``
/// and ``ScenarioRunner/maximumSteps``, the same for every run).
public struct RunBounds: Equatable, Sendable {
    /// Whether the simulator's invariants are checked after every step (a broken one fails the run).
    public var checksInvariants: Bool
    /// The wall-time limit of an isolated run (`--timeout`), in seconds; nil in process.
    public var timeLimitSeconds: Double?
    /// The resident-memory limit of an isolated run (`--memory-limit`), in bytes; nil in process.
    public var memoryLimitBytes: Double?

    public init(checksInvariants: Bool = false, timeLimitSeconds: Double? = nil, memoryLimitBytes: Double? = nil) {
        self.checksInvariants = checksInvariants
        self.timeLimitSeconds = timeLimitSeconds
        self.memoryLimitBytes = memoryLimitBytes
    }
}

/// Why a plan could not be written or read.
public struct RunPlanError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
}

extension RunPlan {
    static let magic = "listbench run plan"
    /// Bumped whenever the layout below changes (the generated scenario has its own version).
    static let formatVersion = 2

    /// The plan in ``ByteWriter``'s compact form, the device profile's too
    /// (``DeviceProfile/encode(to:)``).
    ///
    /// - Complexity: O(size of the generated scenario).
    public func encoded() -> [UInt8] { encoded(scenario: generated.encoded()) }

    /// ``encoded()``, given the generated scenario's own form
    /// (``GeneratedScenario/encoded()``), which ends the plan: the plans of
    /// one scenario's runs encode it once (``IsolatedExecutor``).
    ///
    /// - Complexity: O(size of the generated scenario), a copy.
    public func encoded(scenario scenarioBytes: [UInt8]) -> [UInt8] {
        var writer = ByteWriter()
        writer.writeHeader(Self.magic, version: Self.formatVersion)
        writer.write(scenario)
        writer.write(file)
        writer.write(strategy)
        device.encode(to: &writer)
        writer.write(bounds.checksInvariants)
        writer.write(bounds.timeLimitSeconds)
        writer.write(bounds.memoryLimitBytes)
        writer.append(encoded: scenarioBytes)
        return writer.bytes
    }

    /// A generated scenario and its bytes, as a plan last held them: a
    /// worker that runs one plan after another decodes a scenario once for
    /// all of its runs (``init(decoding:reusing:)``).
    public struct DecodedScenario: Sendable {
        public var bytes: [UInt8]
        public var scenario: GeneratedScenario
    }

    /// Reads back what ``encoded()`` wrote.
    ///
    /// - Throws: when the bytes are not a plan of this build's format, naming where they went wrong.
    public init(decoding bytes: [UInt8]) throws(RunPlanError) {
        var none: DecodedScenario?
        try self.init(decoding: bytes, reusing: &none)
    }

    /// Reads back what ``encoded()`` wrote; when the plan's scenario is the
    /// one in `last` byte for byte, that one is taken as it is, else the
    /// scenario is decoded and `last` becomes it (its bytes kept).
    ///
    /// - Complexity: O(size of the generated scenario): a comparison, or a decoding.
    /// - Throws: when the bytes are not a plan of this build's format, naming where they went wrong.
    public init(decoding bytes: [UInt8], reusing last: inout DecodedScenario?) throws(RunPlanError) {
        do {
            var reader = ByteReader(bytes)
            try reader.readHeader(Self.magic, version: Self.formatVersion)
            scenario = try reader.string()
            file = try reader.string()
            strategy = try reader.string()
            device = try DeviceProfile(from: &reader)
            bounds = RunBounds(checksInvariants: try reader.bool(), timeLimitSeconds: try reader.optionalDouble(),
                               memoryLimitBytes: try reader.optionalDouble())
            if let last, reader.remainderEquals(last.bytes) {
                generated = last.scenario
                reader.skipToEnd()
            } else {
                let start = reader.offset
                generated = try GeneratedScenario(from: &reader)
                guard reader.isAtEnd else { throw reader.failure("data after the end of the plan") }
                last = DecodedScenario(bytes: Array(bytes[start...]), scenario: generated)
            }
        } catch let error as RunPlanError {
            throw error
        } catch {
            throw RunPlanError(description: "not a run plan of this build: \(error)")
        }
    }
}
