/// What is wrong with a value of the kinds and cell designs of a scenario
/// (`data.kinds`), the reason of ``ScenarioProblem/design(_:)``.
public enum DesignProblem: Equatable, Sendable, CustomStringConvertible {
    /// `data.kinds` is empty.
    case noKinds
    /// A kind without parts.
    case noParts
    /// Two kinds with one name.
    case duplicateKindName(String)
    /// Two parts of a kind with one name.
    case duplicatePartName(String)
    /// `data.shape` beside `data.kinds`.
    case shapeWithKinds
    /// `data.kinds` with the `restaurant-detail` template.
    case kindsNeedFeed
    /// A section's or an item's `kind`/`kinds` in a file that declares no kinds.
    case kindsUndeclared(key: String)
    /// A section's kind weights, none positive.
    case noPositiveKindWeight
    /// A key of a value's `weights` that is not a whole number in `0...limit`.
    case weightKey(String, limit: Int)
    /// A value's weights, none positive.
    case noPositiveValueWeight
    /// A value (a count, a length) that is none of its forms.
    case value(found: JSONKind)
    /// A display size that is neither of its forms.
    case displaySize
    /// A kind whose parts can show more times than `limit` in one item.
    case tooManyShowings(Int, limit: Int)

    public var description: String {
        switch self {
        case .noKinds: return "data.kinds needs at least one kind"
        case .noParts: return "a kind needs at least one part"
        case .duplicateKindName(let name): return "duplicate kind name '\(name)'"
        case .duplicatePartName(let name): return "duplicate part name '\(name)'"
        case .shapeWithKinds:
            return "'shape' describes built-in posts; with 'kinds', each kind's design gives its values (remove 'shape')"
        case .kindsNeedFeed: return "'kinds' need the feed template (the detail page's rows are built in)"
        case .kindsUndeclared(let key): return "'\(key)' names kinds of data.kinds, and the file declares none"
        case .noPositiveKindWeight: return "at least one kind needs a positive weight"
        case let .weightKey(key, limit): return "a value's weights take whole numbers 0...\(limit) as keys, not '\(key)'"
        case .noPositiveValueWeight: return "at least one value needs a positive weight"
        case .value(let found):
            return "expected a whole number, {\"min\": …, \"max\": …}, {\"weights\": {\"0\": …, …}} or {\"chance\": …}, found \(found)"
        case .displaySize:
            return "expected {\"width\": …, \"height\": …} in points, or {\"widthFraction\": …, \"aspect\": …}"
        case let .tooManyShowings(count, limit):
            return "the parts can show \(count) times in one item (counts at their largest); the limit is \(limit)"
        }
    }
}
