import Foundation
import Testing

/// Every number in every shipped scenario, one at a time, set to 0, -1 and
/// 1e18: the file either fails validation with a message naming the JSON
/// path, or runs to completion (isolated, with a 60 s limit per run).
///
/// By default (CI, debug build) every mutation is validated, and the ones
/// that validate are run with one strategy, except on the 10,000-row
/// `large-list`, which only validates. `LISTBENCH_HOSTILE=all` runs every
/// valid mutation with every strategy; with `LISTBENCH_BINARY` pointing at a
/// release build this is the acceptance check (see the README).
private let everything = ProcessInfo.processInfo.environment["LISTBENCH_HOSTILE"] == "all"
private let hostileBinary = ProcessInfo.processInfo.environment["LISTBENCH_BINARY"] ?? binary

/// One mutation: a path into the JSON document and the value put there.
struct Mutation: CustomStringConvertible, Sendable {
    var file: String
    var path: [String]
    var label: String
    var value: Double

    var description: String { "\(file) \(path.joined(separator: ".")) = \(label)" }
}

/// The paths of every number in a JSON value (a boolean may count as one: setting it to a number must fail validation too).
private func numberPaths(_ value: Any, _ path: [String] = []) -> [[String]] {
    if let object = value as? [String: Any] {
        return object.keys.sorted().flatMap { numberPaths(object[$0] as Any, path + [$0]) }
    }
    if let array = value as? [Any] {
        return array.indices.flatMap { numberPaths(array[$0], path + ["\($0)"]) }
    }
    if value is NSNumber || value is Double || value is Int { return [path] }
    return []
}

/// `value` with the number at `path` replaced.
private func replacing(_ path: ArraySlice<String>, in value: Any, with replacement: Any) -> Any {
    guard let key = path.first else { return replacement }
    if var object = value as? [String: Any], let child = object[key] {
        object[key] = replacing(path.dropFirst(), in: child, with: replacement)
        return object
    }
    if var array = value as? [Any], let index = Int(key), array.indices.contains(index) {
        array[index] = replacing(path.dropFirst(), in: array[index], with: replacement)
        return array
    }
    return value
}

private let hostileValues: [(label: String, value: Double)] = [("0", 0), ("-1", -1), ("1e18", 1e18)]

private func mutations() -> [Mutation] {
    let folder = root.appendingPathComponent("Scenarios")
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    return files.flatMap { file -> [Mutation] in
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
              let document = try? JSONSerialization.jsonObject(with: data) else { return [] }
        return numberPaths(document).flatMap { path in hostileValues.map { Mutation(file: file, path: path, label: $0.label, value: $0.value) } }
    }
}

@Suite("Hostile values", .enabled(if: FileManager.default.isExecutableFile(atPath: hostileBinary)))
struct HostileValueTests {
    @Test func everyShippedNumberSetToZeroMinusOneOrHugeIsRejectedByPathOrRunsToCompletion() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let all = mutations()
        #expect(all.count > 500)
        var rejected = 0, ran = 0
        var slowest: (seconds: Double, mutation: String) = (0, "")
        for (index, mutation) in all.enumerated() {
            let source = root.appendingPathComponent("Scenarios").appendingPathComponent(mutation.file)
            let data = try #require(FileManager.default.contents(atPath: source.path))
            let document = try JSONSerialization.jsonObject(with: data)
            let mutated = replacing(mutation.path[...], in: document, with: mutation.value)
            let file = directory.appendingPathComponent("m\(index).json").path
            try JSONSerialization.data(withJSONObject: mutated).write(to: URL(fileURLWithPath: file))

            let check = try listbench(["validate", file], binary: hostileBinary)
            if check.status != 0 {
                rejected += 1
                #expect(check.status == 65, "\(mutation): \(check.err)")
                // One message, naming the JSON path (or the version), with line and column.
                #expect(check.err.contains(": at ") && check.err.contains("(line 1, column"), "\(mutation): \(check.err)")
                #expect(check.err.split(separator: "\n").count == 1, "\(mutation): \(check.err)")
                continue
            }
            guard everything || mutation.file != "large-list.json" else { continue }
            let strategies = everything ? [] : ["--strategy", "identifier-diff", "--isolate"]
            let started = Date()
            let run = try listbench(["run", file, "--repetitions", "0", "--timeout", "60", "--jobs", "2", "--format", "csv"] + strategies,
                                    binary: hostileBinary)
            ran += 1
            let seconds = Date().timeIntervalSince(started)
            if seconds > slowest.seconds { slowest = (seconds, mutation.description) }
            #expect(run.status == 0, "\(mutation): \(run.err)\n\(run.out.prefix(2_000))")
            #expect(!run.out.contains(",failed,"), "\(mutation): \(run.out.prefix(2_000))")
        }
        #expect(rejected > 0 && ran > 0)
        // A figure for the record, not an assertion: the per-run limit (--timeout 60) is what fails a slow run.
        print(String(format: "hostile values: %d mutations, %d rejected, %d run; slowest run %.1f s (%@)",
                     all.count, rejected, ran, slowest.seconds, slowest.mutation))
    }
}
