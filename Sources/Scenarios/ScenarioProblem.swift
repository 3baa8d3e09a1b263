import ListData

/// What is wrong with one value of a scenario file, the reason of
/// ``ScenarioError/invalid(path:line:column:problem:)``. ``description`` is
/// the message printed after the value's JSON path, line and column.
public enum ScenarioProblem: Equatable, Sendable, CustomStringConvertible {
    // MARK: Shapes and types

    /// A value of another JSON type than the key takes.
    case expected(ExpectedValue, found: JSONKind)
    /// A number with a fraction where a whole number is expected.
    case notWhole(Double)
    /// A key the object does not take; `allowed` in the order they were asked for.
    case unknownKey(String, allowed: [String])
    /// A required key that is absent.
    case missingKey(String)
    /// A required key, whose value is one of `choices`, that is absent.
    case missingChoice(String, choices: [String])
    /// A string with a control character (an escape sequence, a line break);
    /// `character` counts from 1.
    case controlCharacter(Unicode.Scalar, character: Int)
    /// A number outside the range the key allows.
    case outOfRange(Double, allowed: ClosedRange<Double>)
    /// A whole number outside the range the key allows (or too large for any).
    case wholeOutOfRange(Double, allowed: ClosedRange<Int>)
    /// An array longer than the limit.
    case tooManyElements(Int, limit: Int)
    /// A string that names none of `choices`.
    case notOneOf(String, choices: [String])

    // MARK: The file's own rules

    /// A format version this build does not read.
    case unsupportedVersion(Int)
    /// A version 1 file that uses a version 2 key (its JSON path).
    case needsVersionTwo(key: String)
    /// A device name that is not a shipped profile's.
    case unknownDevice(String, shipped: [String])
    case duplicateSectionID(String)
    case duplicateItemID(Int)
    /// More items in the data than ``ScenarioLimits/items``.
    case tooManyItems(limit: Int)
    /// A feed without sections.
    case noSections
    /// A range whose `min` is above its `max`.
    case minAboveMax(min: Int, max: Int)
    /// A key of `photos` that is not a photo count in `0...limit`.
    case photoCount(String, limit: Int)
    /// Photo weights that are all zero.
    case noPositivePhotoWeight
    /// A state key the detail template does not have; `allowed` in the template's order.
    case unknownStateKey(String, allowed: [String])
    /// `triggerScreens` with another paging trigger.
    case triggerScreensWithTrigger(PagingTrigger)
    /// A burst's operation weights that are all zero.
    case noPositiveOperationWeight
    /// A `state` event without the `restaurant-detail` template.
    case stateEventsNeedDetail
    /// A `row` target in data without sections.
    case rowTargetWithoutSections
    /// An `item` target in data without sections.
    case itemTargetWithoutSections
    /// An item target with both an index (`item`) and an identifier (`id`).
    case itemAndID
    /// An item target by identifier that also names a section (an identifier names one item wherever it is).
    case sectionWithID
    /// A scroll with both a velocity and a duration.
    case velocityAndDuration
    /// A flick slower than 1 point per second either way (the limit is the fastest allowed).
    case flickTooSlow(Double, limit: Double)
    /// Pages at the top (`paging.at: "top"`) of a list that does not open at its bottom.
    case pagesAtTopNeedBottomAnchor
    /// A grid or section headers (`data.layout`) in a list that opens at its bottom (not modeled).
    case gridAtBottom
    /// A layout in the restaurant detail page's data (its rows are a table's).
    case layoutNeedsFeed
    /// Steps that expand (with repeats) past ``ScenarioLimits/steps``.
    case tooManySteps(expanded: Double, limit: Int)
    /// World events that expand (with repeats and bursts) past ``ScenarioLimits/worldEvents``.
    case tooManyWorldChanges(expanded: Double, limit: Int)
    /// A section, row, index or count the data cannot have at that point.
    case position(PositionProblem)
    /// A value of the kinds and cell designs (`data.kinds`) that cannot be.
    case design(DesignProblem)

    public var description: String {
        switch self {
        case let .expected(what, found): return "expected \(what), found \(found)"
        case .notWhole(let number): return "expected a whole number, found \(Self.format(number))"
        case let .unknownKey(key, allowed):
            return "unknown key '\(PrintableText.truncated(key))'" + Suggestion.didYouMean(key, in: allowed)
                + " (allowed here: \(allowed.sorted().joined(separator: ", ")))"
        case .missingKey(let key): return "missing required key '\(key)'"
        case let .missingChoice(key, choices): return "missing required key '\(key)' (one of: \(choices.joined(separator: ", ")))"
        case let .controlCharacter(scalar, character):
            return "has a control character (\(PrintableText.name(scalar))) at character \(character); scenario text must be printable"
        case let .outOfRange(number, allowed):
            return "\(Self.format(number)) is out of range; allowed \(Self.format(allowed.lowerBound))...\(Self.format(allowed.upperBound))"
        case let .wholeOutOfRange(number, allowed):
            // A whole number too large for Int is shown as the file's number.
            let shown = abs(number) < 9.0e15 ? String(Int(number)) : Self.format(number)
            return "\(shown) is out of range; allowed \(allowed.lowerBound)...\(allowed.upperBound)"
        case let .tooManyElements(count, limit): return "\(count) elements; the limit is \(limit)"
        case let .notOneOf(text, choices):
            return "'\(PrintableText.truncated(text))' is not one of: \(choices.joined(separator: ", "))" + Suggestion.didYouMean(text, in: choices)
        case .unsupportedVersion(let version):
            return "version \(version) is not supported; this build reads versions "
                + "\(Scenario.readableVersions.lowerBound)...\(Scenario.readableVersions.upperBound)"
        case .needsVersionTwo(let key):
            return "version 1 has no '\(key)'; a file that uses it says \"version\": 2"
        case let .unknownDevice(name, shipped):
            return "unknown device '\(PrintableText.truncated(name))'; shipped: \(shipped.joined(separator: ", "))"
                + Suggestion.didYouMean(name, in: shipped)
        case .duplicateSectionID(let id): return "duplicate section id '\(id)'"
        case .duplicateItemID(let id): return "duplicate item id \(id)"
        case .tooManyItems(let limit): return "the data has more than \(limit) items, the limit"
        case .noSections: return "a feed needs at least one section"
        case let .minAboveMax(low, high): return "min (\(low)) must not exceed max (\(high))"
        case let .photoCount(key, limit): return "photo counts must be whole numbers 0...\(limit), not '\(key)'"
        case .noPositivePhotoWeight: return "at least one photo count needs a positive weight"
        case let .unknownStateKey(key, allowed):
            return "unknown state key '\(PrintableText.truncated(key))'" + Suggestion.didYouMean(key, in: allowed)
                + " (allowed: \(allowed.joined(separator: ", ")))"
        case .triggerScreensWithTrigger(let trigger):
            return "triggerScreens applies only with trigger 'screens' (this paging's trigger is '\(trigger.rawValue)')"
        case .noPositiveOperationWeight: return "at least one operation needs a positive weight"
        case .stateEventsNeedDetail: return "state events need data.template 'restaurant-detail'"
        case .rowTargetWithoutSections: return "a row target needs a section, and the data has none"
        case .itemTargetWithoutSections: return "an item target needs a section, and the data has none"
        case .itemAndID: return "give either item (an index in the section) or id (an item's identifier), not both"
        case .sectionWithID: return "an item's id names it wherever it is; drop 'section', or give item (an index in the section) instead of id"
        case .velocityAndDuration: return "give either velocity or durationMs, not both"
        case let .flickTooSlow(velocity, limit):
            return "\(Self.format(velocity)) is out of range; allowed 1...\(Self.format(limit)), or -\(Self.format(limit))...-1 up the list"
        case .gridAtBottom:
            return "a grid or section headers in a list that opens at its bottom are not modeled; drop \"anchor\": \"bottom\", or the grid and headerHeight"
        case .layoutNeedsFeed: return "a layout needs the feed template (the restaurant detail page is a table's rows)"
        case .pagesAtTopNeedBottomAnchor:
            return "pages at the top need a list that opens at its bottom (\"data\": {\"anchor\": \"bottom\"})"
        case let .tooManySteps(expanded, limit):
            return "the steps expand (with repeats) to \(Self.whole(expanded)) steps; the limit is \(limit)"
        case let .tooManyWorldChanges(expanded, limit):
            return "the world events expand (with repeats and bursts) to \(Self.whole(expanded)) changes; the limit is \(limit)"
        case .position(let problem): return problem.description
        case .design(let problem): return problem.description
        }
    }

    /// A number as messages show it: whole numbers below 10¹⁵ without a fraction.
    static func format(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
    }

    /// An expanded count: whole below 10¹⁵.
    private static func whole(_ value: Double) -> String { value >= 1e15 ? "\(value)" : String(Int(value)) }
}

/// What a key takes, as ``ScenarioProblem/expected(_:found:)`` names it.
public enum ExpectedValue: Equatable, Sendable, CustomStringConvertible {
    case object, boolean, string, number, wholeNumber, array
    /// `photos`: photo counts to weights.
    case photoWeights
    /// A detail `state`: keys to values.
    case detailState

    public var description: String {
        switch self {
        case .object: return "an object"
        case .boolean: return "true or false"
        case .string: return "a string"
        case .number: return "a number"
        case .wholeNumber: return "a whole number"
        case .array: return "an array"
        case .photoWeights: return "an object of photo count to weight, e.g. {\"0\": 5, \"1\": 3}"
        case .detailState: return "an object of detail state"
        }
    }
}

/// The type of a JSON value, as messages name it ("a string", "an object").
public enum JSONKind: Equatable, Sendable, CustomStringConvertible {
    case null, boolean, number, string, array, object

    public var description: String {
        switch self {
        case .null: return "null"
        case .boolean: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
