import Foundation
import ScenarioFuzzSupport
import Scenarios
import Testing

/// Inputs for ``ScenarioFuzzing/exercise(_:)``, the fuzzer's own function:
/// hand-made hostile files, and every input the fuzzer (Fuzz/) ever found
/// to crash, saved in FuzzInputs/ under a name saying what it broke. A
/// trap here stops the test process, so a crash that comes back fails CI.
///
/// Inputs named `valid-…` are valid scenarios kept for what they once did:
/// `valid-once-61s-generation-…` took 61 s to generate when every world
/// change shifted an array; with ``TreeList`` a change costs O(log n), the
/// items × changes limit it led to is gone, and it must now be accepted and
/// generated like any scenario.
private let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzInputs")
private let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scenarios")

private func files(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
}

@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    @Test(arguments: files(in: inputs).filter { $0.hasPrefix("valid-") })
    func aSavedValidInputIsAcceptedAndGenerated(file: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: inputs.appendingPathComponent(file).path))
        #expect(ScenarioFuzzing.exercise([UInt8](bytes)), "\(file) was expected to be valid")
    }

    @Test(arguments: files(in: inputs).filter { !$0.hasPrefix("valid-") })
    func aSavedInputIsRejectedWithoutCrashing(file: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: inputs.appendingPathComponent(file).path))
        #expect(ScenarioFuzzing.exercise([UInt8](bytes)) == false, "\(file) was expected to be invalid")
        // And its message says where (a JSON path or a line and column) or what the file is.
        do {
            _ = try Scenario.decode([UInt8](bytes))
        } catch {
            let message = error.description
            #expect(message.contains("line 1, column") || message.contains("not a text file"), "\(file): \(message)")
        }
    }

    @Test(arguments: files(in: scenarios).filter { $0.hasSuffix(".json") })
    func theFuzzerSeedsAreValidScenarios(file: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: scenarios.appendingPathComponent(file).path))
        #expect(ScenarioFuzzing.exercise([UInt8](bytes)))
    }
}
