import ListData
import ListSimulator
import Randomness

extension Scenario {
    /// Turns the scenario into data and events, deterministically: the seed
    /// drives one SplitMix64 stream, consumed in file order.
    ///
    /// World changes are resolved against the server's data as it evolves
    /// through them (in time order), so each names concrete identifiers and
    /// positions. Repeats are expanded; a burst becomes `changes` changes at
    /// `atMs`, `atMs + everyMs`, … up to `atMs + forMs`.
    ///
    /// A scenario must name only sections its data has, and only rows,
    /// indexes and counts the data can have at that point
    /// (``positionViolation()``). Decoding refuses any other file, with its
    /// line and column; a scenario built or edited in code that breaks the
    /// rule is refused here, with the value's JSON path, rather than
    /// generated with a guess (the first section, a clamped index).
    ///
    /// - Parameter device: a device named on the command line; it overrides the file's.
    /// - Complexity: O(items + (expanded events) × log(items) + expanded steps):
    ///   each change is resolved against the server's data, a ``TreeList``, in O(log n);
    ///   plus the position check's O(e log e) in the expanded world events.
    ///   A `state` event is kept as its ``DetailState`` (O(1) time and
    ///   memory); its page is built (O(rows)) only when a `change` or `burst`
    ///   follows it and must be resolved against it.
    /// - Throws: the first ``PositionViolation``.
    /// - Caveat: a scenario built in code past the limits a file's decoding
    ///   enforces on its posts (a text length past 32 bits, more than 32,767
    ///   photos or comment previews) stops the program when its items are
    ///   made (``Item``).
    public func generate(device override: String? = nil) throws(PositionViolation) -> GeneratedScenario {
        // The world's events, walked once for the check and for the changes.
        let timeline = Self.timeline(world)
        if let violation = positionViolation(in: timeline) { throw violation }
        var rng = SplitMix64(seed: seed)
        var nextID = 1
        var sections: [DataSection]
        var shape = PostShapeSpec()
        switch data {
        case .feed(let specs, let spec):
            shape = spec
            var contents: [[Item]] = specs.map { section in
                var items: [Item] = []
                items.reserveCapacity(section.generate + section.items.count)
                let weights = kinds.isEmpty ? nil : kindWeights(of: section)
                for _ in 0..<section.generate {
                    items.append(Self.newItem(id: Self.take(&nextID), shape: spec, kinds: weights, using: &rng))
                }
                for post in section.items where !kinds.isEmpty {
                    items.append(Item(id: post.id, designIndex: post.kind ?? 0))
                }
                for post in section.items where kinds.isEmpty {
                    items.append(Item(
                        id: post.id, kind: .post, textLength: post.textLength, photos: post.photos,
                        linkCard: post.linkCard, video: post.video, commentPreviews: post.commentPreviews,
                        reactions: post.reactions))
                }
                return items
            }
            // Explicit identifiers may collide with generated ones: renumber
            // the generated items (each section's first `generate`) past them.
            if let largest = specs.flatMap({ $0.items.map(\.id) }).max() {
                nextID = largest + 1
                for (s, spec) in specs.enumerated() {
                    for i in 0..<spec.generate { contents[s][i].id = Self.take(&nextID) }
                }
            }
            sections = zip(specs, contents).map { DataSection(id: $0.id, items: $1) }
        case .restaurantDetail(let initial):
            sections = DetailTemplate.build(initial)
        }

        var server = sections
        var state: DetailState
        if case .restaurantDetail(let initial) = data { state = initial } else { state = DetailState() }
        var changes: [TimedChange] = []
        // A state event keeps its state (O(1)); the page it makes is built
        // only when a change must be resolved against it.
        var serverIsStale = false
        func refreshServer() {
            guard serverIsStale else { return }
            server = DetailTemplate.build(state)
            serverIsStale = false
        }
        // The sections' identifiers: the data's, fixed for the whole run (changes move items, never sections).
        let names = Self.sectionIDs(data)
        // With kinds, each section's kind weights: what its inserts draw.
        let sectionWeights: [[(count: Int, weight: Double)]]? = {
            guard !kinds.isEmpty, case .feed(let specs, _) = data else { return nil }
            return specs.map { kindWeights(of: $0) }
        }()
        // Every event and every tick of a burst, resolved in time order (ties
        // in the timeline's order, a burst's ticks in theirs), so that a
        // change is resolved against the server's data as it is at its time:
        // an update never names an item that another burst inserts later.
        for (index, tick) in Self.ticks(of: timeline) {
            let entry = timeline[index]
            switch entry.kind {
            case let .change(operation, count, position, name):
                refreshServer()
                // No section at all: nothing to act on (a named one exists: positionViolation()).
                guard let section = Self.sectionIndex(name, in: names) else { continue }
                for _ in 0..<count {
                    if let change = Self.resolve(operation, at: position, section: section, in: &server,
                                                 shape: shape, kinds: sectionWeights?[section], nextID: &nextID, using: &rng) {
                        changes.append(TimedChange(atMs: entry.atMs, change: change))
                    }
                }
            case let .burst(everyMs, _, count, weights, name, position):
                refreshServer()
                guard let section = Self.sectionIndex(name, in: names) else { continue }
                let time = entry.atMs + Double(tick) * everyMs
                for _ in 0..<count {
                    let operation = Self.draw(weights, using: &rng)
                    if let change = Self.resolve(operation, at: position ?? .random, section: section, in: &server,
                                                 shape: shape, kinds: sectionWeights?[section], nextID: &nextID, using: &rng) {
                        changes.append(TimedChange(atMs: time, change: change))
                    }
                }
            case .state(let patch):
                state = state.merging(patch)
                serverIsStale = true
                changes.append(TimedChange(atMs: entry.atMs, detailState: state))
            case .repetition:
                continue
            }
        }
        // Bursts interleave with other events: keep the stream in time order
        // (stably). Without bursts it already is, and nothing is copied; with
        // them, the order is sorted as indexes (8 bytes a change), then applied.
        if zip(changes, changes.dropFirst()).contains(where: { $0.atMs > $1.atMs }) {
            let order = changes.indices.sorted { changes[$0].atMs != changes[$1].atMs ? changes[$0].atMs < changes[$1].atMs : $0 < $1 }
            changes = order.map { changes[$0] }
        }
        var latencies: [Double] = []
        if let paging {
            let total = sections.reduce(0) { $0 + $1.items.count }
            let pages = (total + paging.pageSize - 1) / paging.pageSize
            latencies = (0..<pages).map { _ in paging.latencyMs + Double.random(in: 0...1, using: &rng) * paging.jitterMs }
        }
        return GeneratedScenario(
            name: name, paging: paging, device: override ?? device ?? DeviceProfile.defaultName, sections: sections,
            changes: changes, steps: Self.expand(steps), pageLatenciesMs: latencies, anchor: anchor, kinds: kindSet, grid: grid,
            sectionHeaderHeight: sectionHeaderHeight)
    }

    /// The timeline's events as ticks in time order: one tick (0) for a
    /// change or a state, one per period for a burst (0 … forMs / everyMs),
    /// each with the index of its event. Ties keep the timeline's order, and
    /// a burst's own ticks theirs; a scenario whose bursts end before the
    /// next event starts gets the timeline's order unchanged.
    ///
    /// - Complexity: O(t log t) for `t` ticks (at most the expanded world
    ///   events of ``ScenarioLimits/worldEvents``, as validation checks).
    static func ticks(of timeline: [TimedWorldEvent]) -> [(event: Int, tick: Int)] {
        var ticks: [(time: Double, event: Int, tick: Int)] = []
        var bursts = false
        for (index, entry) in timeline.enumerated() {
            if case let .burst(everyMs, forMs, _, _, _, _) = entry.kind {
                bursts = true
                for tick in 0...Int((forMs / everyMs).rounded(.down)) {
                    ticks.append((entry.atMs + Double(tick) * everyMs, index, tick))
                }
            } else {
                ticks.append((entry.atMs, index, 0))
            }
        }
        // Without bursts the timeline is already in time order.
        if bursts {
            ticks.sort { ($0.time, $0.event, $0.tick) < ($1.time, $1.event, $1.tick) }
        }
        return ticks.map { ($0.event, $0.tick) }
    }

    private static func take(_ counter: inout Int) -> Int {
        defer { counter += 1 }
        return counter
    }

    /// The user's actions with every `repeat` expanded, in order.
    ///
    /// - Complexity: O(s) in the steps after expansion.
    static func expand(_ steps: [Step]) -> [UserStep] {
        var result: [UserStep] = []
        for step in steps {
            switch step {
            case .action(let action): result.append(action)
            case let .repetition(times, children):
                let inner = expand(children)
                for _ in 0..<times { result += inner }
            }
        }
        return result
    }

    static func post(id: Int, shape: PostShapeSpec, using rng: inout SplitMix64) -> Item {
        Item(
            id: id, kind: .post,
            textLength: Int.random(in: shape.textLength.min...shape.textLength.max, using: &rng),
            photos: draw(shape.photos, using: &rng),
            linkCard: rng.chance(shape.linkCard), video: rng.chance(shape.video),
            commentPreviews: Int.random(in: shape.commentPreviews.min...shape.commentPreviews.max, using: &rng),
            reactions: rng.chance(shape.reactions))
    }

    /// A new item: a post of `shape`, or with `kinds` (a section's kind
    /// weights) an item of a kind drawn by weight, whose values its design draws.
    static func newItem(id: Int, shape: PostShapeSpec, kinds: [(count: Int, weight: Double)]?, using rng: inout SplitMix64) -> Item {
        guard let kinds else { return post(id: id, shape: shape, using: &rng) }
        return Item(id: id, designIndex: draw(kinds, using: &rng))
    }

    static func draw(_ weights: [(count: Int, weight: Double)], using rng: inout SplitMix64) -> Int {
        let total = weights.reduce(0) { $0 + $1.weight }
        var pick = Double.random(in: 0..<1, using: &rng) * total
        for entry in weights {
            if pick < entry.weight { return entry.count }
            pick -= entry.weight
        }
        return weights.last?.count ?? 0
    }

    static func draw(_ weights: [ChangeOperation: Double], using rng: inout SplitMix64) -> ChangeOperation {
        // In declaration order, never dictionary order.
        // An operation the weights leave out has weight 0 (decoding gives every operation a weight).
        let ordered = ChangeOperation.allCases.enumerated().map { (count: $0.offset, weight: weights[$0.element] ?? 0) }
        return ChangeOperation.allCases[draw(ordered, using: &rng)]
    }

    /// One concrete change against section `section` of the server's data,
    /// or nil when there is nothing to act on (deleting from an empty section).
    ///
    /// The scenario passed ``positionViolation()``: an `.index` position is
    /// within the section's items (at most the count, for an insert) whatever
    /// the seed, so it is used as it is.
    static func resolve(
        _ operation: ChangeOperation, at position: ChangePosition, section: Int, in server: inout [DataSection],
        shape: PostShapeSpec, kinds: [(count: Int, weight: Double)]? = nil, nextID: inout Int, using rng: inout SplitMix64
    ) -> DataChange? {
        let count = server[section].items.count
        func index(among count: Int) -> Int {
            switch position {
            case .top: return 0
            case .bottom: return max(0, count - 1)
            case .random: return count == 0 ? 0 : Int.random(in: 0..<count, using: &rng)
            case .index(let index): return index
            }
        }
        switch operation {
        case .insert:
            var at = index(among: count + 1)
            if case .bottom = position { at = count }
            let item = newItem(id: take(&nextID), shape: shape, kinds: kinds, using: &rng)
            server[section].items.insert(item, at: at)
            return .insert(section: section, index: at, item: item)
        case .delete:
            guard count > 0 else { return nil }
            let at = index(among: count)
            let item = server[section].items.remove(at: at)
            return .delete(id: item.id, section: section, index: at)
        case .move:
            guard count > 1 else { return nil }
            let from = index(among: count)
            let item = server[section].items.remove(at: from)
            let to = Int.random(in: 0...(count - 1), using: &rng)
            server[section].items.insert(item, at: to)
            return .move(id: item.id, fromSection: section, fromIndex: from, section: section, index: to)
        case .update:
            guard count > 0 else { return nil }
            let at = index(among: count)
            server[section].items[at].version += 1
            // A designed item's new version draws its values anew from its design.
            if kinds == nil {
                server[section].items[at].textLength = Int.random(in: shape.textLength.min...shape.textLength.max, using: &rng)
            }
            let item = server[section].items[at]
            return .update(id: item.id, section: section, index: at, version: item.version, textLength: item.textLength)
        }
    }
}
