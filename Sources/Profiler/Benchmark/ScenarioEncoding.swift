import ListData
import Scenarios

/// A generated scenario's compact form (``GeneratedScenario/encoded()``),
/// made once for everything of a command that needs it: the plan each of
/// its runs writes for a worker process, and the digest its report records
/// (``GeneratedScenario/inputDigest``, the same value).
///
/// A command makes one per scenario before its runs start. The first run
/// that writes a plan makes the bytes and takes their digest; the bytes are
/// kept until the last of the scenario's requests has taken them, then
/// dropped, so a command holds only the encodings of scenarios whose plans
/// are still to be written. A command whose runs write no plan (in
/// process) encodes each scenario once, for its digest, after the runs.
/// Before, a command encoded every scenario for its digest before any run
/// could start, then again for the runs' plans (`large-list`: 75 M
/// instructions each).
///
/// - Complexity: ``take()`` and ``digest`` are O(items + changes + steps)
///   the first time, then O(1).
/// - Caveat: the bytes of a scenario with plans still to write stay
///   (`large-list`'s 100,000 items and their changes: 1.64 MB, about 16
///   bytes an item, where the scenario holds each item in 32,
///   `MemoryLayout<Item>.stride`, besides its tree).
public final class ScenarioEncoding: Sendable {
    public let scenario: GeneratedScenario
    private struct State: Sendable {
        var bytes: [UInt8]?
        var digest: String?
        var users: Int
    }
    private let state: Locked<State>

    /// - Parameter users: how many will ``take()`` the bytes: the command's
    ///   requests of this scenario, each writing its plan once.
    public init(_ scenario: GeneratedScenario, users: Int) {
        self.scenario = scenario
        state = Locked(State(users: users))
    }

    /// The bytes, for one of the users: made (and their digest taken) on
    /// the first call, under the lock, so users asking at once wait for one
    /// encoding; dropped once the last user has them. A call past the
    /// users encodes the scenario again: the same bytes.
    public func take() -> [UInt8] {
        state.withLock { state in
            let bytes: [UInt8]
            if let kept = state.bytes {
                bytes = kept
            } else {
                bytes = scenario.encoded()
                state.digest = FNV1a.digest(bytes)
            }
            state.users -= 1
            state.bytes = state.users > 0 ? bytes : nil
            return bytes
        }
    }

    /// ``GeneratedScenario/inputDigest``: the one taken when the bytes were
    /// made, else worked out now from an encoding that is not kept.
    public var digest: String {
        state.withLock { state in
            if let digest = state.digest { return digest }
            let digest = FNV1a.digest(scenario.encoded())
            state.digest = digest
            return digest
        }
    }
}
