import Foundation
import Scenarios
import Testing

/// The scenario format's documentation (`docs/scenario-format.md`) shows
/// complete files in ```json blocks and sweeps in ```sh blocks. Every such
/// file must be one `listbench validate` accepts (decoded and generated),
/// and every `--set` path of a sweep must be a value of the file before it.
@Suite("Documented examples")
struct DocumentedExamplesTests {
    private static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/scenario-format.md")

    /// The fenced blocks of the document: their info string and their text, in order.
    private static func blocks() throws -> [(info: String, text: String)] {
        let lines = try String(contentsOf: document, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [(info: String, text: String)] = []
        var open: (info: String, lines: [Substring])?
        for line in lines {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append((block.info, block.lines.joined(separator: "\n")))
                    open = nil
                } else {
                    open = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), [])
                }
            } else {
                open?.lines.append(line)
            }
        }
        #expect(open == nil, "an unclosed block")
        return blocks
    }

    @Test func everyExampleFileValidates() throws {
        let files = try Self.blocks().filter { $0.info == "json" }
        #expect(!files.isEmpty)
        for (index, file) in files.enumerated() {
            do {
                let scenario = try Scenario.decode(Array(file.text.utf8))
                _ = try scenario.generate()
            } catch {
                Issue.record("example \(index + 1) (\(file.text.prefix(80))…): \(error)")
            }
        }
    }

    /// Each feature of version 2 has a complete example file: kinds and
    /// designs, a list opening at its bottom, older pages at the top, steps
    /// up the list, a burst's position, a scroll to an item by id, a grid.
    @Test func versionTwoHasAnExampleOfEachFeature() throws {
        var keys: [String] = []
        for file in try Self.blocks().filter({ $0.info == "json" }) {
            let scenario = try Scenario.decode(Array(file.text.utf8))
            keys += scenario.versionTwoKeys
        }
        for feature in ["data.kinds", "data.anchor", "paging.at", ".direction", ".velocity", ".at", ".id", "data.layout"] {
            #expect(keys.contains { $0.hasSuffix(feature) || $0 == feature }, "no example uses \(feature)")
        }
    }

    @Test func everySweptPathIsAValueOfTheFileBeforeIt() throws {
        var previous: String?
        var paths = 0
        for block in try Self.blocks() {
            if block.info == "json" { previous = block.text }
            guard block.info == "sh" else { continue }
            for setting in block.text.split(separator: "'").filter({ $0.contains("=") && !$0.contains(" ") }) {
                let parts = setting.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let path = ScenarioPath(parsing: String(parts[0])) else { continue }
                guard let file = previous else {
                    Issue.record("--set '\(setting)' has no example file before it")
                    continue
                }
                for value in parts[1].split(separator: ",") {
                    paths += 1
                    do {
                        _ = try Scenario.decode(Array(file.utf8), setting: path, to: String(value))
                    } catch {
                        Issue.record("--set '\(setting)', value \(value): \(error)")
                    }
                }
            }
        }
        #expect(paths > 0)
    }
}
