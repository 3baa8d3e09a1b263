import Foundation
import ListData
import ListSimulator
import Profiler
import Testing

/// The committed golden digests of the shipped runs' modeled figures, by the
/// revision of the cost rules that produced them (``ListBenchVersion/costRules``).
private let goldenDigestsByRevision: [Int: String] = [
    1: "169028968b98c52e",
    2: "2050ce64c8678cbb",
]

private let goldenFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/shipped-runs.txt")

/// The model version a report records changes when the model does: with the
/// shipped profiles' values (in the digest), and with the cost rules, whose
/// revision this test ties to the golden digests.
@Suite("Model version")
struct ModelVersionTests {
    /// Regenerating the golden digests (modeled figures moved) without
    /// bumping `ListBenchVersion.costRules` fails here: baselines saved before
    /// the change would otherwise be compared as if the model were the same.
    @Test func theCostRulesRevisionMatchesTheGoldenDigests() throws {
        let digest = FNV1a.digest(try Data(contentsOf: goldenFile))
        #expect(goldenDigestsByRevision[ListBenchVersion.costRules] == digest,
                "Golden/shipped-runs.txt changed (digest \(digest)): modeled figures moved, so bump ListBenchVersion.costRules and record the new digest here")
    }

    /// Sixteen hexadecimal digits, the same on every call (no per-process hashing).
    @Test func theModelVersionIsADeterministicDigest() throws {
        let model = try ListBenchVersion.model()
        #expect(model.count == 16 && model.allSatisfy(\.isHexDigit))
        #expect(try ListBenchVersion.model() == model)
    }
}
