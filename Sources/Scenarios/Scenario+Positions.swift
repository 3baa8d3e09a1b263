/// A row, an index or a count a scenario names that the data cannot have
/// at that point: what ``Scenario/positionViolation()`` finds.
public struct PositionViolation: Equatable, Sendable {
    /// Where the value is: a top-level array (`world` or `steps`), then the
    /// indexes of the element and of each `repeat`'s child, then the key.
    public var array: String
    public var indexes: [Int]
    public var key: String
    public var message: String

    /// The value's JSON path, e.g. `world[0].events[1].at`.
    public var path: String {
        var path = array
        for (depth, index) in indexes.enumerated() {
            path += depth == 0 ? "[\(index)]" : ".\(array == "world" ? "events" : "steps")[\(index)]"
        }
        return "\(path).\(key)"
    }
}

extension Scenario {
    /// The first value the file states that the data cannot have at that
    /// point, or nil when there is none:
    ///
    /// - a `change` event's `at` index past the end of its section (for an
    ///   insert, past the count; for the others, past the last item still
    ///   there when the last of its `count` changes is made);
    /// - a `change` event's `count` of deletes above the items its section
    ///   can hold then, or an update or a move in a section that cannot hold
    ///   an item (two, for a move) then;
    /// - a `scroll` step's `row` past the most rows its section ever has.
    ///
    /// World events are taken in time order, as ``generate(device:)`` makes
    /// them. Each section's item count is tracked as bounds: changes and new
    /// states set it exactly, while a burst's seeded operations make it
    /// uncertain (each burst change may insert or delete, as its weights
    /// allow). An `at` index must hold for the fewest items the section can
    /// have then, so that it holds whatever the seed; a `count` is rejected
    /// only when it exceeds the most items the section can have (a change
    /// left with nothing to act on because of earlier bursts is skipped, as
    /// documented). A step's time depends on the app, so a `row` is checked
    /// against the most rows its section has at any time.
    ///
    /// - Complexity: O(e log e + steps), for `e` world events after
    ///   expansion (bursts count once); a state event costs O(sections)
    ///   (``DetailTemplate/rowCounts(_:)``), never the page's rows.
    public func positionViolation() -> PositionViolation? {
        let names = Self.sectionIDs(data)
        // Decoding rejects a feed without sections; a value built in code may lack them.
        guard !names.isEmpty else { return nil }
        var low: [Int]
        switch data {
        case .feed(let sections, _): low = sections.map { $0.generate + $0.items.count }
        case .restaurantDetail(let initial): low = DetailTemplate.rowCounts(initial)
        }
        var high = low
        var most = low
        var state: DetailState
        if case .restaurantDetail(let initial) = data { state = initial } else { state = DetailState() }

        var timed: [(atMs: Double, order: Int, kind: WorldEvent.Kind, parents: [Int], index: Int)] = []
        Self.flattenForCheck(world, offset: 0, parents: [], into: &timed)
        timed.sort { $0.atMs != $1.atMs ? $0.atMs < $1.atMs : $0.order < $1.order }
        for entry in timed {
            func violation(_ key: String, _ message: String) -> PositionViolation {
                PositionViolation(array: "world", indexes: entry.parents + [entry.index], key: key, message: message)
            }
            let then = " at that point (world time \(JSONReader.format(entry.atMs)) ms)"
            switch entry.kind {
            case let .change(operation, count, position, name):
                let s = Self.sectionIndex(name, in: names)
                let section = "section '\(names[s])'"
                let fewest = low[s] == high[s]
                    ? "has \(Self.items(low[s]))\(then)"
                    : "may have as few as \(Self.items(low[s]))\(then) (earlier bursts change its count)"
                let mostItems = "has \(low[s] == high[s] ? "" : "at most ")\(Self.items(high[s]))\(then)"
                if case .index(let index) = position {
                    switch operation {
                    case .insert where index > low[s]:
                        return violation("at", "index \(index) is past the end of \(section), which \(fewest); an insert's index may be at most the count")
                    case .delete where index + count > low[s]:
                        return violation("at", count == 1
                            ? "index \(index) is past the end of \(section), which \(fewest)"
                            : "index \(index) is past the end of \(section) for \(count) deletes there: it \(fewest), and each delete removes one")
                    case .update where index >= low[s], .move where index >= low[s]:
                        return violation("at", "index \(index) is past the end of \(section), which \(fewest)")
                    case .insert, .delete, .update, .move:
                        break
                    }
                }
                switch operation {
                case .delete where count > high[s]:
                    return violation("count", "\(count) delete\(count == 1 ? "" : "s") would go past the data: \(section) \(mostItems)")
                case .update where high[s] == 0:
                    return violation("count", "nothing to update: \(section) has no items\(then)")
                case .move where high[s] < 2:
                    return violation("count", "nothing to move: \(section) \(mostItems); a move needs two")
                case .insert, .delete, .update, .move:
                    break
                }
                switch operation {
                case .insert:
                    low[s] += count
                    high[s] += count
                case .delete:
                    low[s] = max(0, low[s] - count)
                    high[s] = max(0, high[s] - count)
                case .update, .move:
                    break
                }
                most[s] = max(most[s], high[s])
            case let .burst(everyMs, forMs, changes, weights, name):
                let s = Self.sectionIndex(name, in: names)
                let total = (Int((forMs / everyMs).rounded(.down)) + 1) * changes
                if (weights[.insert] ?? 0) > 0 { high[s] += total }
                if (weights[.delete] ?? 0) > 0 { low[s] = max(0, low[s] - total) }
                most[s] = max(most[s], high[s])
            case .state(let patch):
                state = state.merging(patch)
                low = DetailTemplate.rowCounts(state)
                high = low
                for s in most.indices { most[s] = max(most[s], high[s]) }
            case .repetition:
                continue
            }
        }
        return Self.rowViolation(steps, most: most, names: names, parents: [])
    }

    /// The first `scroll` to a row past the most rows its section ever has.
    private static func rowViolation(_ steps: [Step], most: [Int], names: [String], parents: [Int]) -> PositionViolation? {
        for (index, step) in steps.enumerated() {
            switch step {
            case .scroll(to: .row(let name, let row), _, _):
                let s = sectionIndex(name, in: names)
                guard row >= most[s] else { continue }
                let message = most[s] == 0
                    ? "row \(row) does not exist: section '\(names[s])' never has any rows"
                    : "row \(row) is past the end of section '\(names[s])', which never has more than \(most[s]) row\(most[s] == 1 ? "" : "s") (rows count from 0)"
                return PositionViolation(array: "steps", indexes: parents + [index], key: "row", message: message)
            case .repetition(_, let children):
                if let found = rowViolation(children, most: most, names: names, parents: parents + [index]) { return found }
            case .wait, .waitForWorld, .scroll, .flick, .pageDown, .read, .scan, .scrollToTop:
                continue
            }
        }
        return nil
    }

    /// The index of a section named by an event or a step (decoding checked
    /// the name); no name is the first section, as documented.
    static func sectionIndex(_ name: String?, in names: [String]) -> Int {
        guard let name, let index = names.firstIndex(of: name) else { return 0 }
        return index
    }

    /// The node and JSON path of a violation's value in the file it was
    /// decoded from: the key's node, or, when the key is absent (a default
    /// `count`), the element's.
    static func locate(_ violation: PositionViolation, in root: JSONNode) -> (node: JSONNode, path: String) {
        let childArray = violation.array == "world" ? "events" : "steps"
        var node = root
        var path = ""
        var key = violation.array
        for index in violation.indexes {
            guard let array = member(key, of: node), case .array(let elements) = array.value,
                  elements.indices.contains(index) else { return (node, path) }
            node = elements[index]
            path += path.isEmpty ? "\(key)[\(index)]" : ".\(key)[\(index)]"
            key = childArray
        }
        guard let value = member(violation.key, of: node) else { return (node, path) }
        return (value, "\(path).\(violation.key)")
    }

    private static func member(_ key: String, of node: JSONNode) -> JSONNode? {
        guard case .object(let members) = node.value else { return nil }
        return members.first { $0.key == key }?.node
    }

    private static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

    /// The world's events with repeats expanded, as ``generate(device:)``
    /// flattens them, each with the indexes that locate it in the file: its
    /// parents' (one array per `repeat` child, shared by all its
    /// repetitions, so an event costs O(1) memory however deep it is) and its own.
    private static func flattenForCheck(
        _ events: [WorldEvent], offset: Double, parents: [Int],
        into timed: inout [(atMs: Double, order: Int, kind: WorldEvent.Kind, parents: [Int], index: Int)]
    ) {
        for (index, event) in events.enumerated() {
            if case let .repetition(times, everyMs, children) = event.kind {
                let path = parents + [index]
                for repetition in 0..<times {
                    flattenForCheck(children, offset: offset + event.atMs + Double(repetition) * everyMs,
                                    parents: path, into: &timed)
                }
            } else {
                timed.append((offset + event.atMs, timed.count, event.kind, parents, index))
            }
        }
    }
}
