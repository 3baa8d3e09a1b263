import Foundation
import ListData
import ListSimulator
import Profiler
import Testing

/// The digest of the shipped runs' committed modeled figures, by the
/// revision of the cost rules that produced them (``ListBenchVersion/costRules``):
/// the FNV-1a digest of ``GoldenSnapshots/legacyDigestText()``, the text of
/// one digest per run that the golden snapshots replaced (revisions 1 and 2
/// are the digests of the former `Golden/shipped-runs.txt`).
private let goldenDigestsByRevision: [Int: String] = [
    1: "169028968b98c52e",
    2: "2050ce64c8678cbb",
    // The hitch ratio over the time spent animating, not the whole run (issue 27).
    3: "cc1cacdbc7888d7f",
    // Main-thread hangs (hangs, hangTimeMs, longestHangMs) are modeled figures of every run (issue 39);
    // no figure of revision 3 moved.
    4: "c9ec0ab91f3cec56",
    // A person reads content (issue 39): a gesture follows content the list's own layout moved, and that
    // move is a jump measured from the first visible row measured before the pass.
    5: "afb0c957f1489b08",
    // Collection views (issue 40): identifier-diff runs on a UICollectionView by default, whose layout
    // prepares every item on each load and batch; two grid scenarios added. No table run moved.
    6: "13033f48d93af0ba",
    // SwiftUI's List and LazyVStack (issue 41): two strategies added, three SwiftUI costs in every device
    // profile. Only runs were added: no figure of revision 6 moved.
    7: "33cd828d975bd767",
    // The lazy stack after review (issue 41): it anchors on the first visible row with a view, checks releases
    // after data changes, and keeps a view's memory in step with its content. Only swiftui-lazyvstack runs moved.
    8: "8d66def7efc34f12",
    // Texture's pending map and each update's wait for the one before (issue 42): the sample's delegate gets
    // no path for a node a pending swap or reset replaced. Only texture-placeholders runs moved.
    9: "b08b981975aca3bd",
    // After review (issue 42): Texture 2.7 makes nodes on the default class (DISPATCH_QUEUE_PRIORITY_DEFAULT), not
    // user-initiated (2.8's), and an update also waits for a node whose worker task is still running. Only texture runs moved.
    10: "1e9276884e2a5778",
    // The table node hands its table a move as a delete and an insert, as Texture 2.7's change set does for both
    // classes (issue 42's pending map follows it): a moved row gets a new node. Only texture runs on realtime-feed moved.
    11: "101189824c30b193",
]

/// The model version a report records changes when the model does: with the
/// shipped profiles' values (in the digest), and with the cost rules, whose
/// revision this test ties to the golden digests.
@Suite("Model version")
struct ModelVersionTests {
    /// Rewriting the golden snapshots (modeled figures moved) without
    /// bumping `ListBenchVersion.costRules` fails here: baselines saved before
    /// the change would otherwise be compared as if the model were the same.
    @Test func theCostRulesRevisionMatchesTheGoldenSnapshots() throws {
        let digest = FNV1a.digest(try GoldenSnapshots.legacyDigestText())
        #expect(goldenDigestsByRevision[ListBenchVersion.costRules] == digest,
                "the golden snapshots changed (digest \(digest)): modeled figures moved, so bump ListBenchVersion.costRules and record the new digest here")
    }

    /// Sixteen hexadecimal digits, the same on every call (no per-process hashing).
    @Test func theModelVersionIsADeterministicDigest() throws {
        let model = try ListBenchVersion.computeModel()
        #expect(model.count == 16 && model.allSatisfy(\.isHexDigit))
        #expect(try ListBenchVersion.computeModel() == model)
    }

    /// The version every command records is the one the shipped profiles and
    /// the cost rules give: changing a shipped profile or `costRules` without
    /// updating `ListBenchVersion.model` fails here.
    @Test func theRecordedModelVersionIsTheShippedProfilesOne() throws {
        let computed = try ListBenchVersion.computeModel()
        #expect(ListBenchVersion.model == computed,
                "the shipped profiles or the cost rules changed: set ListBenchVersion.model to \"\(computed)\" (and docs/output.md's version line)")
    }
}
