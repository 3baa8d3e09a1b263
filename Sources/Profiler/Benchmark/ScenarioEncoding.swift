import ListData
import Scenarios

/// A generated scenario's compact form (``GeneratedScenario/encoded()``),
/// made once, when first asked for, and shared by everything that needs it:
/// the plan of each of its runs that a worker process makes, and the digest
/// its report records (``GeneratedScenario/inputDigest``, the same value).
///
/// A command makes one per scenario before its runs start; the bytes are
/// made by the first run that needs them (on that run's thread, while other
/// runs go on), or for the digest once the runs are over. Before, a
/// command encoded every scenario once for its digest before any run could
/// start, then again for the runs' plans (`large-list`: 75 M instructions each).
///
/// - Complexity: O(items + changes + steps) the first time; then O(1).
/// - Caveat: the bytes are kept as long as the encoding is (a command's
///   length): `large-list`'s 100,000 items and their changes take 1.66 MB,
///   about 16 bytes an item, where the scenario holds each item in 64
///   (`MemoryLayout<Item>.stride`) besides its tree.
public final class ScenarioEncoding: Sendable {
    public let scenario: GeneratedScenario
    private let made = Locked<[UInt8]?>(nil)

    public init(_ scenario: GeneratedScenario) { self.scenario = scenario }

    /// The bytes: made under the lock on the first call, so runs that ask at once wait for one encoding.
    public var bytes: [UInt8] {
        made.withLock { made in
            if let made { return made }
            let bytes = scenario.encoded()
            made = bytes
            return bytes
        }
    }

    /// ``GeneratedScenario/inputDigest`` from the shared bytes.
    public var digest: String { FNV1a.digest(bytes) }
}
