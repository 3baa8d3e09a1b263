import Foundation
import ListData
import ListSimulator
import Profiler
import Scenarios
import Strategies

/// The committed golden snapshots of the shipped runs' modeled figures:
/// `Golden/<device>/<scenario>.json`, one file per shipped scenario on its
/// own device, each a JSON object from a built-in strategy's name to its run
/// (``GoldenRun``): the run's ``RunMetrics`` (status, timing, work, memory
/// and correctness figures, the first inconsistency; never a measured
/// figure), written with sorted keys and pretty-printed so that `git diff`
/// shows which figure of which run moved.
enum GoldenSnapshots {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Whether this test process rewrites the snapshots (`LISTBENCH_UPDATE_GOLDEN=1`).
    static var updating: Bool { ProcessInfo.processInfo.environment["LISTBENCH_UPDATE_GOLDEN"] == "1" }

    /// The snapshot of a shipped scenario file, relative to ``folder``: `iphone-15/home-170.json`.
    static func relativePath(of file: String) throws -> String {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
        return "\(scenario.device ?? DeviceProfile.defaultName)/\(file)"
    }

    /// A snapshot's text: sorted keys, pretty-printed, a final line break.
    static func render(_ runs: [String: GoldenRun]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(runs) + Data("\n".utf8)
    }

    /// A committed snapshot. Read with `JSONDecoder`, which reads every
    /// number back to the bit (`StrictJSON`, over `JSONSerialization`, may
    /// not: on Linux it read 1.0964912323984302 as …304).
    static func read(_ relativePath: String) throws -> [String: GoldenRun] {
        try JSONDecoder().decode([String: GoldenRun].self, from: try Data(contentsOf: folder.appendingPathComponent(relativePath)))
    }

    /// Every committed snapshot, relative to ``folder``, sorted.
    static func committedFiles() throws -> [String] {
        var found: [String] = []
        for device in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            var isFolder: ObjCBool = false
            let path = folder.appendingPathComponent(device).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for file in try FileManager.default.contentsOfDirectory(atPath: path).sorted() where file.hasSuffix(".json") {
                found.append("\(device)/\(file)")
            }
        }
        return found
    }

    /// What changed between a committed run and this process's: one line per
    /// figure (`mainThreadBusyMs: 412.5 → 430.25`), its JSON path within the
    /// run's metrics, old value first; a figure only one side has is `absent`
    /// on the other. A series that moved is named by its count and digest.
    static func differences(_ committed: GoldenRun, _ current: GoldenRun) -> [String] {
        var lines: [String] = []
        walk(committed.metrics, current.metrics, path: "", into: &lines)
        if lines.isEmpty, committed.digest != current.digest { lines.append("digest: \(committed.digest) → \(current.digest)") }
        return lines
    }

    private static func walk(_ old: GoldenValue?, _ new: GoldenValue?, path: String, into lines: inout [String]) {
        guard old != new else { return }
        switch (old, new) {
        case let (.object(before)?, .object(after)?):
            for key in Set(before.keys).union(after.keys).sorted() {
                walk(before[key], after[key], path: path.isEmpty ? key : "\(path).\(key)", into: &lines)
            }
        case let (.array(before)?, .array(after)?):
            if before.count != after.count { lines.append("\(path): \(before.count) elements → \(after.count)") }
            for index in 0..<min(before.count, after.count) {
                walk(before[index], after[index], path: "\(path)[\(index)]", into: &lines)
            }
        default:
            lines.append("\(path): \(old.map(shown) ?? "absent") → \(new.map(shown) ?? "absent")")
        }
    }

    /// A value as it reads in the file (a whole list or object by its size).
    private static func shown(_ value: GoldenValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .number(let number): return "\(number)"
        case .string(let text): return "\"\(text)\""
        case .array(let elements): return "a list of \(elements.count)"
        case .object(let members): return "an object of \(members.count) keys"
        }
    }

    // MARK: - The digests the snapshots replaced

    /// The shipped scenarios of cost-rules revision 2, whose runs the former
    /// `Golden/shipped-runs.txt` held.
    static let digestedScenarioFiles = [
        "home-170.json", "infinite-paging.json", "large-list.json", "note-1012.json", "realtime-feed.json",
        "restaurant-detail-load.json", "restaurant-detail.json", "scroll-to-top.json", "texture-sample.json", "timeline-200.json",
    ]

    /// The text of the golden digests committed before the snapshots
    /// (`Golden/shipped-runs.txt`), made from the snapshots' run digests: one
    /// line per run, shipped scenario by shipped scenario, built-in strategy
    /// by built-in strategy, `<digest>  <strategy> on <file>`. Its own digest
    /// is what ``ModelVersionTests`` ties to the cost rules' revision: it
    /// changes whenever a snapshot's figures do, and at revision 2 it equals
    /// the digest of that former file, which shows that the snapshots were
    /// written from the very runs the former digests were.
    ///
    /// It covers the scenarios that former file covered (``digestedScenarioFiles``),
    /// so that shipping a new scenario, which moves no figure, leaves it as it
    /// is; the new scenario's figures are held by its own snapshot
    /// (`GoldenDigestTests`), and a model change moves the ten.
    static func legacyDigestText() throws -> String {
        var lines: [String] = []
        for file in digestedScenarioFiles {
            let runs = try read(try relativePath(of: file))
            for name in StrategyCatalog.builtIn.names {
                guard let run = runs[name] else { throw GoldenSnapshotError.missing(run: "\(name) on \(file)") }
                lines.append("\(run.digest)  \(name) on \(file)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

}

/// A snapshot that cannot be made or read as expected.
enum GoldenSnapshotError: Error, CustomStringConvertible {
    /// A run the snapshots do not hold.
    case missing(run: String)
    /// Metrics that did not encode as a JSON object.
    case notAnObject

    var description: String {
        switch self {
        case .missing(let run): return "the golden snapshots hold no run \(run)"
        case .notAnObject: return "a run's metrics did not encode as a JSON object"
        }
    }
}

/// One run in a golden snapshot.
struct GoldenRun: Codable, Equatable {
    /// The 64-bit FNV-1a digest of the run's whole ``RunMetrics`` as compact
    /// sorted-key JSON, series included: the line the former golden file
    /// (`Golden/shipped-runs.txt`) held for the run.
    var digest: String
    /// The run's metrics as JSON, but for the series of samples every 100 ms
    /// (``seriesKeys``), each given as its sample count and digest: in full,
    /// they made the snapshots 22 MB.
    var metrics: GoldenValue

    /// The metrics whose series are summarized.
    static let seriesKeys: Set<String> = ["memorySeries", "frameSeries"]

    /// The series are summarized from the run itself, and only the rest of
    /// the metrics is read back as a ``GoldenValue``: reading the series
    /// back too (tens of thousands of samples a run, through the cascade of
    /// `GoldenValue(from:)`) took two minutes of a debug test run. A series'
    /// digest is the same either way, since its samples are whole numbers
    /// (``seriesDigestsMatchTheirReadBackForm()`` in `GoldenDigestTests`
    /// compares it with ``readBack(_:)``, the way it was made before).
    init(_ run: RunMetrics) throws {
        let encoder = Self.encoder
        let compact = try encoder.encode(run)
        digest = FNV1a.digest(compact)
        var rest = run
        rest.memorySeries = []
        rest.frameSeries = []
        guard case .object(var members) = try JSONDecoder().decode(GoldenValue.self, from: try encoder.encode(rest)) else {
            throw GoldenSnapshotError.notAnObject
        }
        let series: [String: (count: Int, json: Data)] = [
            "memorySeries": (run.memorySeries.count, try encoder.encode(run.memorySeries)),
            "frameSeries": (run.frameSeries.count, try encoder.encode(run.frameSeries)),
        ]
        for key in Self.seriesKeys {
            guard case .array? = members[key], let samples = series[key] else { continue }
            members[key] = .object(["samples": .integer(Int64(samples.count)), "digest": .string(FNV1a.digest(samples.json))])
        }
        metrics = .object(members)
    }

    /// Compact sorted-key JSON, as the snapshots' digests are made.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// A run as the snapshots first made it: the whole metrics read back as
    /// a ``GoldenValue``, each series then summarized from its read-back
    /// form. Slow (each sample goes through `GoldenValue(from:)`); the tests
    /// use it on one run to show that ``init(_:)`` gives the same.
    static func readBack(_ run: RunMetrics) throws -> GoldenRun {
        let compact = try encoder.encode(run)
        guard case .object(var members) = try JSONDecoder().decode(GoldenValue.self, from: compact) else {
            throw GoldenSnapshotError.notAnObject
        }
        for key in seriesKeys {
            guard case .array(let samples)? = members[key] else { continue }
            members[key] = .object(["samples": .integer(Int64(samples.count)), "digest": .string(FNV1a.digest(try encoder.encode(members[key])))])
        }
        return GoldenRun(digest: FNV1a.digest(compact), metrics: .object(members))
    }

    init(digest: String, metrics: GoldenValue) {
        self.digest = digest
        self.metrics = metrics
    }
}

/// A JSON value as `JSONDecoder` reads it: every number back to the bit,
/// and written back by `JSONEncoder` as it was (a whole number as one).
indirect enum GoldenValue: Codable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([GoldenValue])
    case object([String: GoldenValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let whole = try? container.decode(Int64.self) {
            self = .integer(whole)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([GoldenValue].self) {
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: GoldenValue].self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .integer(let whole): try container.encode(whole)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }
}
