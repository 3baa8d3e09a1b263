import Foundation
import Testing

/// Every number in every shipped scenario, one at a time, set to 0, -1 and
/// 1e18: the file either fails validation with a message naming the JSON
/// path, or runs to completion (isolated, with a 60 s limit per run).
///
/// By default (CI, debug build) every mutation is validated, and the ones
/// that validate are run with one strategy, except on the 100,000-item
/// `large-list`, which only validates. `LISTBENCH_HOSTILE=all` (or the heavy
/// tier, `LISTBENCH_HEAVY=1`) runs every valid mutation with every strategy;
/// with `LISTBENCH_BINARY` pointing at a release build this is the acceptance
/// check (see docs/testing.md).
private let everything = ProcessInfo.processInfo.environment["LISTBENCH_HOSTILE"] == "all"
    || ProcessInfo.processInfo.environment["LISTBENCH_HEAVY"] == "1"
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

/// Every mutation of every shipped file; a file that cannot be read or parsed fails the test (no mutation is silently left out).
private func mutations() throws -> [Mutation] {
    let folder = root.appendingPathComponent("Scenarios")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
    return try files.flatMap { file -> [Mutation] in
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        let document = try JSONSerialization.jsonObject(with: data)
        return numberPaths(document).flatMap { path in hostileValues.map { Mutation(file: file, path: path, label: $0.label, value: $0.value) } }
    }
}

@Suite("Hostile values")
struct HostileValueTests {
    /// Every mutation is written to its own file (its scenario renamed `m<index>` so that reports name it), all
    /// are validated in one `listbench validate` call, and all valid ones run in one isolated `listbench run`.
    @Test func everyShippedNumberSetToZeroMinusOneOrHugeIsRejectedByPathOrRunsToCompletion() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let all = try mutations()
        #expect(all.count > 500)
        var files: [String] = []
        // Each shipped file is read and parsed once, not once per mutation (about 90 mutations a file).
        var documents: [String: Any] = [:]
        for (index, mutation) in all.enumerated() {
            let document: Any
            if let parsed = documents[mutation.file] {
                document = parsed
            } else {
                let source = root.appendingPathComponent("Scenarios").appendingPathComponent(mutation.file)
                let data = try #require(FileManager.default.contents(atPath: source.path))
                document = try JSONSerialization.jsonObject(with: data)
                documents[mutation.file] = document
            }
            var mutated = try #require(replacing(mutation.path[...], in: document, with: mutation.value) as? [String: Any])
            mutated["name"] = "m\(index)"
            let file = directory.appendingPathComponent("m\(index).json").path
            try JSONSerialization.data(withJSONObject: mutated).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }

        let check = try listbench(["validate"] + files, binary: hostileBinary)
        #expect(check.status == 65, "\(check.err.prefix(2_000))")
        // One message per rejected file, naming the JSON path (or the version), with line and column.
        // A message starts with its file's path and ": " (the paths hold no ": "): looked up, not searched for.
        let known = Set(files)
        var messages: [String: [String]] = [:]
        for line in check.err.split(whereSeparator: \.isNewline) {
            guard let end = line.range(of: ": "), case let file = String(line[..<end.lowerBound]), known.contains(file) else {
                Issue.record("a message names no file: \(line)")
                continue
            }
            messages[file, default: []].append(String(line))
        }
        var valid: [(file: String, mutation: Mutation)] = []
        for (file, mutation) in zip(files, all) {
            guard let lines = messages[file] else {
                #expect(check.out.contains("ok \(file): "), "\(mutation): neither accepted nor rejected")
                valid.append((file, mutation))
                continue
            }
            #expect(lines.count == 1, "\(mutation): \(lines)")
            #expect(lines.allSatisfy { $0.contains(": at ") && $0.contains("(line 1, column") }, "\(mutation): \(lines)")
        }
        let rejected = all.count - valid.count

        let runs = valid.filter { everything || $0.mutation.file != "large-list.json" }
        let strategies = everything ? [] : ["--strategy", "identifier-diff"]
        let run = try listbench(["run"] + runs.map(\.file) + ["--repetitions", "0", "--isolate", "--timeout", "60", "--jobs", "2",
                                                             "--format", "csv"] + strategies, binary: hostileBinary)
        #expect(run.status == 0, "\(run.err.prefix(2_000))\n\(run.out.prefix(2_000))")
        // CSV rows end in CRLF (RFC 4180), one Character in Swift: split on any newline.
        let rows = run.out.split(whereSeparator: \.isNewline)
        for line in rows where line.contains(",failed") {
            let name = line.prefix { $0 != "," }
            let mutation = Int(name.dropFirst()).map { all[$0].description } ?? String(name)
            Issue.record("\(mutation) failed: \(line)")
        }
        #expect(rejected > 0 && !runs.isEmpty)
        #expect(Set(rows.compactMap { $0.split(separator: ",").first.map(String.init) })
            .isSuperset(of: runs.map { URL(fileURLWithPath: $0.file).deletingPathExtension().lastPathComponent }))
        print("hostile values: \(all.count) mutations, \(rejected) rejected, \(runs.count) run")
    }
}
