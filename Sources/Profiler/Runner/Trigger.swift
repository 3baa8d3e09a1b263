import Foundation
import ListSimulator

/// What set off a run's work: the user's steps, the world's data arriving,
/// or nothing the user did yet. The runner names triggers; the clock blames
/// main-thread work and late frames on them (``TriggerID``), and reports
/// group and print them.
///
/// Its JSON form is its text (as reports have always written it), read back
/// by ``init(text:)``, the exact inverse of ``description``.
public enum Trigger: Hashable, Sendable, CustomStringConvertible, Codable {
    /// Work before the user's first step (the app starting, the first frames).
    case beforeFirstStep
    /// The first data reaching the app.
    case firstData
    /// The world's changes due at one time (ms since the start, to the
    /// millisecond: changes due in the same millisecond share a trigger).
    case worldChange(atMs: Double)
    /// A page of data arriving (1 for the first).
    case page(Int)
    /// The user's step `number` (1 for the first) and its kind (`scroll`, `wait 500 ms`).
    case step(Int, name: String)
    /// A late frame with no main-thread work in it.
    case noMainWork

    public var description: String {
        switch self {
        case .beforeFirstStep: return "before the first step"
        case .firstData: return "first data"
        case .worldChange(let ms): return String(format: "world change at %.0f ms", ms)
        case .page(let number): return "page \(number)"
        case let .step(number, name): return "step \(number): \(name)"
        case .noMainWork: return "no main work"
        }
    }

    /// The trigger whose ``description`` is `text`, or nil for any other text.
    ///
    /// - Complexity: O(n) in the text's length.
    public init?(text: String) {
        for fixed in [Trigger.beforeFirstStep, .firstData, .noMainWork] where text == fixed.description {
            self = fixed
            return
        }
        let halves = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let words = halves[0].split(separator: " ", omittingEmptySubsequences: false)
        if halves.count == 2, words.count == 2, words[0] == "step", let number = Int(words[1]), halves[1].first == " " {
            self = .step(number, name: String(halves[1].dropFirst()))
        } else if halves.count == 1, words.count == 2, words[0] == "page", let number = Int(words[1]) {
            self = .page(number)
        } else if halves.count == 1, words.count == 5, words[0 ..< 3] == ["world", "change", "at"], words[4] == "ms",
                  let ms = Double(words[3]) {
            self = .worldChange(atMs: ms)
        } else {
            return nil
        }
        guard description == text else { return nil }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let trigger = Trigger(text: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a trigger listbench writes")
        }
        self = trigger
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// How reports group hitch time by trigger: world changes together,
    /// pages together, every other trigger (each step) apart.
    public var group: String {
        switch self {
        case .worldChange: return "world changes"
        case .page: return "pages"
        case .beforeFirstStep, .firstData, .step, .noMainWork: return description
        }
    }
}

/// Hitch time blamed on one trigger (ms late). Its JSON keys are the ones
/// reports have always had: `category` holds the trigger's text.
public struct TriggerTime: Codable, Equatable, Sendable {
    /// What set the work off.
    public var trigger: Trigger
    /// How late the frames it filled most were, in milliseconds.
    public var ms: Double

    /// Hitch time `ms` blamed on `trigger`.
    public init(_ trigger: Trigger, ms: Double) {
        self.trigger = trigger
        self.ms = ms
    }

    private enum CodingKeys: String, CodingKey {
        case trigger = "category"
        case ms
    }
}

extension RunMetrics {
    /// Hitch time by trigger group (``Trigger/group``), in the order each
    /// group first appears in ``hitchTriggers`` (heaviest first).
    ///
    /// - Complexity: O(t × g) for `t` triggers in `g` groups.
    public var hitchTimeByTriggerGroup: [(group: String, ms: Double)] {
        var groups: [(group: String, ms: Double)] = []
        for entry in hitchTriggers ?? [] {
            let group = entry.trigger.group
            if let index = groups.firstIndex(where: { $0.group == group }) { groups[index].ms += entry.ms } else { groups.append((group, entry.ms)) }
        }
        return groups
    }
}

/// The triggers of one run, numbered for the clock: the same trigger (the
/// world's changes due in the same millisecond) keeps its number. Number 0
/// is ``Trigger/beforeFirstStep``, what the clock blames the user's work on
/// until the first step names itself.
///
/// - Complexity: O(1) amortised per lookup.
final class TriggerTable {
    private(set) var triggers: [Trigger] = [.beforeFirstStep]
    private var numbers: [Trigger: TriggerID] = [.beforeFirstStep: TriggerID(0)]

    /// The clock's number for `trigger`, assigned on first use.
    func id(_ trigger: Trigger) -> TriggerID {
        if let id = numbers[trigger] { return id }
        let id = TriggerID(triggers.count)
        triggers.append(trigger)
        numbers[trigger] = id
        return id
    }

    /// What the clock blamed a late frame on. Every number the clock holds
    /// came from ``id(_:)``, so each names a trigger of this table.
    func trigger(_ setOff: FrameSetOff) -> Trigger {
        switch setOff {
        case .trigger(let id): return trigger(id)
        case .noMainWork: return .noMainWork
        }
    }

    /// The trigger numbered `id` (a number ``id(_:)`` gave).
    func trigger(_ id: TriggerID) -> Trigger { triggers[id.rawValue] }
}
