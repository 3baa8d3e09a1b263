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

/// Why a parameter could not be set.
public struct ScenarioParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
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
                throw ScenarioParameterError(description: "\(parameter.rawValue)=\(text): expected a number in \(range.lowerBound)...\(range.upperBound)")
            }
            return value
        }
        func whole(_ range: ClosedRange<Int>) throws(ScenarioParameterError) -> Int {
            guard let value = Int(text), range.contains(value) else {
                throw ScenarioParameterError(description: "\(parameter.rawValue)=\(text): expected a whole number in \(range.lowerBound)...\(range.upperBound)")
            }
            return value
        }
        var copy = self
        switch parameter {
        case .posts:
            let count = try whole(1...ScenarioLimits.items)
            guard case .feed(var sections, let shape) = copy.data, sections.contains(where: { $0.generate > 0 }) else {
                throw ScenarioParameterError(description: "posts: scenario '\(name)' has no generated section")
            }
            let generatedSections = sections.filter { $0.generate > 0 }.count
            guard count * generatedSections <= ScenarioLimits.items else {
                throw ScenarioParameterError(description: "posts=\(text): \(generatedSections) sections would hold more than \(ScenarioLimits.items) items")
            }
            for index in sections.indices where sections[index].generate > 0 { sections[index].generate = count }
            copy.data = .feed(sections: sections, shape: shape)
        case .pageSize, .latencyMs:
            guard var paging = copy.paging else {
                throw ScenarioParameterError(description: "\(parameter.rawValue): scenario '\(name)' does not page")
            }
            if parameter == .pageSize { paging.pageSize = try whole(1...ScenarioLimits.pageSize) } else { paging.latencyMs = try number(0...ScenarioLimits.timeMs) }
            copy.paging = paging
        case .burstEveryMs:
            let period = try number(1...ScenarioLimits.timeMs)
            var found = false
            copy.world = copy.world.map { Self.settingBurstPeriod($0, period, &found) }
            guard found else { throw ScenarioParameterError(description: "burstEveryMs: scenario '\(name)' has no burst") }
            let expanded = copy.world.reduce(0.0) { $0 + Self.expandedCount($1) }
            guard expanded <= Double(ScenarioLimits.worldEvents) else {
                throw ScenarioParameterError(description: "burstEveryMs=\(text): the world would expand to more than \(ScenarioLimits.worldEvents) changes")
            }
        case .seed:
            guard let seed = UInt64(text) else {
                throw ScenarioParameterError(description: "seed=\(text): expected a whole number in 0...\(UInt64.max)")
            }
            copy.seed = seed
        }
        if let violation = copy.positionViolation() {
            throw ScenarioParameterError(description: "\(parameter.rawValue)=\(text): at \(violation.path): \(violation.message)")
        }
        return copy
    }

    private static func settingBurstPeriod(_ event: WorldEvent, _ period: Double, _ found: inout Bool) -> WorldEvent {
        var event = event
        switch event.kind {
        case let .burst(_, forMs, changes, weights, section):
            found = true
            event.kind = .burst(everyMs: period, forMs: forMs, changes: changes, weights: weights, section: section)
        case let .repetition(times, everyMs, events):
            event.kind = .repetition(times: times, everyMs: everyMs, events: events.map { settingBurstPeriod($0, period, &found) })
        case .change, .state:
            break
        }
        return event
    }
}
