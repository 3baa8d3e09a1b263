/// A scenario parameter that `listbench sweep` can set: what it changes and its allowed values.
public enum ScenarioParameter: String, CaseIterable, Sendable {
    /// The post count of every generated section.
    case posts
    /// `paging.pageSize`.
    case pageSize
    /// `paging.latencyMs`.
    case latencyMs
    /// The period of every realtime burst (`world[].everyMs` of bursts): lower is a higher burst rate.
    case burstEveryMs
    /// The generator's seed.
    case seed

    /// One line for help and error messages.
    public var meaning: String {
        switch self {
        case .posts: return "posts in every generated section (1...\(ScenarioLimits.items))"
        case .pageSize: return "paging.pageSize (1...\(ScenarioLimits.pageSize); the scenario must page)"
        case .latencyMs: return "paging.latencyMs (0...\(Int(ScenarioLimits.timeMs)); the scenario must page)"
        case .burstEveryMs: return "the period of every burst in world, ms (1...\(Int(ScenarioLimits.timeMs)); the scenario must have bursts)"
        case .seed: return "the generator's seed (0...\(UInt64.max))"
        }
    }
}

/// Why a parameter could not be set; ``description`` is the message
/// (`PARAMETER=VALUE: …`) the command prints.
public enum ScenarioParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value that is not a number in the parameter's range.
    case notANumber(ScenarioParameter, String, allowed: ClosedRange<Double>)
    /// A value that is not a whole number in the parameter's range.
    case notAWholeNumber(ScenarioParameter, String, allowed: ClosedRange<Int>)
    /// `posts` on a scenario without a generated section.
    case noGeneratedSection(scenario: String)
    /// `posts` that would put more than ``ScenarioLimits/items`` in the data.
    case tooManyItems(String, generatedSections: Int)
    /// `pageSize` or `latencyMs` on a scenario that does not page.
    case doesNotPage(ScenarioParameter, scenario: String)
    /// `burstEveryMs` on a scenario without bursts.
    case noBurst(scenario: String)
    /// `burstEveryMs` that would expand the world past ``ScenarioLimits/worldEvents``.
    case tooManyWorldChanges(String)
    /// A `seed` that is not a whole number in `0...UInt64.max`.
    case notASeed(String)
    /// A value that leaves an index, a count or a row the file names past the data.
    case position(ScenarioParameter, String, PositionViolation)

    public var description: String {
        switch self {
        case let .notANumber(parameter, text, range):
            return "\(parameter.rawValue)=\(text): expected a number in \(range.lowerBound)...\(range.upperBound)"
        case let .notAWholeNumber(parameter, text, range):
            return "\(parameter.rawValue)=\(text): expected a whole number in \(range.lowerBound)...\(range.upperBound)"
        case .noGeneratedSection(let name): return "posts: scenario '\(name)' has no generated section"
        case let .tooManyItems(text, sections):
            return "posts=\(text): \(sections) sections would hold more than \(ScenarioLimits.items) items"
        case let .doesNotPage(parameter, name): return "\(parameter.rawValue): scenario '\(name)' does not page"
        case .noBurst(let name): return "burstEveryMs: scenario '\(name)' has no burst"
        case .tooManyWorldChanges(let text):
            return "burstEveryMs=\(text): the world would expand to more than \(ScenarioLimits.worldEvents) changes"
        case .notASeed(let text): return "seed=\(text): expected a whole number in 0...\(UInt64.max)"
        case let .position(parameter, text, violation): return "\(parameter.rawValue)=\(text): \(violation)"
        }
    }
}

extension Scenario {
    /// This scenario with one parameter set to a value given as text.
    ///
    /// - Throws: when the value is not a number in the parameter's range,
    ///   the scenario has nothing the parameter applies to, or the change
    ///   would expand the world past ``ScenarioLimits/worldEvents``, or
    ///   leave an index, a count or a row the file names past the data
    ///   (``positionViolation()``: fewer posts, or faster bursts).
    public func setting(_ parameter: ScenarioParameter, to text: String) throws(ScenarioParameterError) -> Scenario {
        func number(_ range: ClosedRange<Double>) throws(ScenarioParameterError) -> Double {
            guard let value = Double(text), value.isFinite, range.contains(value) else {
                throw .notANumber(parameter, text, allowed: range)
            }
            return value
        }
        func whole(_ range: ClosedRange<Int>) throws(ScenarioParameterError) -> Int {
            guard let value = Int(text), range.contains(value) else {
                throw .notAWholeNumber(parameter, text, allowed: range)
            }
            return value
        }
        var copy = self
        switch parameter {
        case .posts:
            let count = try whole(1...ScenarioLimits.items)
            guard case .feed(var sections, let shape) = copy.data, sections.contains(where: { $0.generate > 0 }) else {
                throw .noGeneratedSection(scenario: name)
            }
            let generatedSections = sections.filter { $0.generate > 0 }.count
            guard count * generatedSections <= ScenarioLimits.items else {
                throw .tooManyItems(text, generatedSections: generatedSections)
            }
            for index in sections.indices where sections[index].generate > 0 { sections[index].generate = count }
            copy.data = .feed(sections: sections, shape: shape)
        case .pageSize, .latencyMs:
            guard var paging = copy.paging else {
                throw .doesNotPage(parameter, scenario: name)
            }
            if parameter == .pageSize { paging.pageSize = try whole(1...ScenarioLimits.pageSize) } else { paging.latencyMs = try number(0...ScenarioLimits.timeMs) }
            copy.paging = paging
        case .burstEveryMs:
            let period = try number(1...ScenarioLimits.timeMs)
            var found = false
            copy.world = copy.world.map { Self.settingBurstPeriod($0, period, &found) }
            guard found else { throw .noBurst(scenario: name) }
            let expanded = copy.world.reduce(0.0) { $0 + Self.expandedCount($1) }
            guard expanded <= Double(ScenarioLimits.worldEvents) else {
                throw .tooManyWorldChanges(text)
            }
        case .seed:
            guard let seed = UInt64(text) else {
                throw .notASeed(text)
            }
            copy.seed = seed
        }
        if let violation = copy.positionViolation() {
            throw .position(parameter, text, violation)
        }
        return copy
    }

    private static func settingBurstPeriod(_ event: WorldEvent, _ period: Double, _ found: inout Bool) -> WorldEvent {
        var event = event
        switch event.kind {
        case let .burst(_, forMs, changes, weights, section, position):
            found = true
            event.kind = .burst(everyMs: period, forMs: forMs, changes: changes, weights: weights, section: section, at: position)
        case let .repetition(times, everyMs, events):
            event.kind = .repetition(times: times, everyMs: everyMs, events: events.map { settingBurstPeriod($0, period, &found) })
        case .change, .state:
            break
        }
        return event
    }
}
