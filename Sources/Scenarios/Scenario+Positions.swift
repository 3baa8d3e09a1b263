import ListData

/// A section, row, index or count a scenario names that the data cannot
/// have at that point: what ``Scenario/positionViolation()`` finds, and what
/// ``Scenario/generate(device:)`` throws for a scenario built in code.
public struct PositionViolation: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the value is: a top-level array (`world` or `steps`), then the
    /// indexes of the element and of each `repeat`'s child, then the key.
    public var array: String
    public var indexes: [Int]
    public var key: String
    /// What is wrong there; its description is the message.
    public var problem: PositionProblem

    /// The `problem` at `key` of the element at `indexes` of `array`.
    public init(array: String, indexes: [Int], key: String, problem: PositionProblem) {
        self.array = array
        self.indexes = indexes
        self.key = key
        self.problem = problem
    }

    /// What is wrong, in words.
    public var message: String { problem.description }

    /// The value's JSON path, e.g. `world[0].events[1].at`.
    public var path: String {
        var path = array
        for (depth, index) in indexes.enumerated() {
            path += depth == 0 ? "[\(index)]" : ".\(array == "world" ? "events" : "steps")[\(index)]"
        }
        return "\(path).\(key)"
    }

    /// `at world[0].at: index 8 is past the end of …` (a scenario built in
    /// code has no line or column; a file's errors are ``ScenarioError``s).
    public var description: String { "at \(path): \(message)" }
}

/// What ``PositionViolation`` finds wrong; ``description`` is the message.
public enum PositionProblem: Equatable, Sendable, CustomStringConvertible {
    /// An insert's `at` past the count.
    case insertPastEnd(index: Int, section: String, items: SectionItems)
    /// An update's, a move's or a single delete's `at` past the last item.
    case indexPastEnd(index: Int, section: String, items: SectionItems)
    /// `deletes` (more than one) from `at` past the last item.
    case deletesPastEnd(index: Int, deletes: Int, section: String, items: SectionItems)
    /// More deletes than the section can have items.
    case deletesPastData(deletes: Int, section: String, items: SectionItems)
    /// An update of a section that cannot have an item then.
    case nothingToUpdate(section: String, items: SectionItems)
    /// A move in a section that cannot have two items then.
    case nothingToMove(section: String, items: SectionItems)
    /// A burst's `at` index past the end of its section for one of its
    /// changes: the section may have only `fewest` items during the burst
    /// (its own deletes included); an insert may go at the count.
    case burstIndexPastEnd(index: Int, section: String, fewest: Int, inserts: Bool, atMs: Double)
    /// A scroll to an item by an identifier that the data does not have at
    /// the start (nor, on the detail page, in any of its states' pages);
    /// `known` says which it has.
    case unknownItemID(Int, known: String)
    /// A scroll to a row of a section that never has rows.
    case rowNeverExists(row: Int, section: String)
    /// A scroll to a row past the most rows its section ever has.
    case rowPastEnd(row: Int, section: String, most: Int)
    /// A scroll to an item of a section that never has items.
    case itemNeverExists(index: Int, section: String)
    /// A scroll to an item past the most items its section ever has.
    case itemPastEnd(index: Int, section: String, most: Int)
    /// A section the data does not have (decoding refuses it in a file, with
    /// the same words; a scenario built in code meets it here).
    case unknownSection(String, sections: [String])

    public var description: String {
        switch self {
        case let .insertPastEnd(index, section, items):
            return "index \(index) is past the end of section '\(section)', which \(items.fewestText); an insert's index may be at most the count"
        case let .indexPastEnd(index, section, items):
            return "index \(index) is past the end of section '\(section)', which \(items.fewestText)"
        case let .deletesPastEnd(index, deletes, section, items):
            return "index \(index) is past the end of section '\(section)' for \(deletes) deletes there: it \(items.fewestText), and each delete removes one"
        case let .deletesPastData(deletes, section, items):
            return "\(deletes) delete\(deletes == 1 ? "" : "s") would go past the data: section '\(section)' \(items.mostText)"
        case let .nothingToUpdate(section, items):
            return "nothing to update: section '\(section)' has no items\(items.then)"
        case let .nothingToMove(section, items):
            return "nothing to move: section '\(section)' \(items.mostText); a move needs two"
        case let .burstIndexPastEnd(index, section, fewest, inserts, atMs):
            let allowed = inserts ? "at most \(fewest)" : fewest == 0 ? "none" : "at most \(fewest - 1)"
            return "index \(index) is past the end of section '\(section)' during the burst from world time "
                + "\(ScenarioProblem.format(atMs)) ms: it may have as few as \(fewest) item\(fewest == 1 ? "" : "s") then "
                + "(its own deletes and earlier bursts' included), so \(allowed) is allowed"
        case let .unknownItemID(id, known):
            return "no item has id \(id) (the data's ids: \(known))"
        case let .rowNeverExists(row, section):
            return "row \(row) does not exist: section '\(section)' never has any rows"
        case let .rowPastEnd(row, section, most):
            return "row \(row) is past the end of section '\(section)', which never has more than \(most) row\(most == 1 ? "" : "s") (rows count from 0)"
        case let .itemNeverExists(index, section):
            return "item \(index) does not exist: section '\(section)' never has any items"
        case let .itemPastEnd(index, section, most):
            return "item \(index) is past the end of section '\(section)', which never has more than \(most) item\(most == 1 ? "" : "s") (items count from 0)"
        case let .unknownSection(name, sections):
            return ScenarioProblem.notOneOf(name, choices: sections).description
        }
    }
}

/// How many items a section has at a point of the world's timeline, as far
/// as the file tells: exactly (`fewest == most`), or within bounds when
/// earlier bursts' seeded operations make it uncertain.
public struct SectionItems: Equatable, Sendable {
    /// The fewest items the section may have there.
    public var fewest: Int
    /// The most items the section may have there.
    public var most: Int
    /// The world time of that point, in ms.
    public var atMs: Double

    /// Between `fewest` and `most` items at `atMs`.
    public init(fewest: Int, most: Int, atMs: Double) {
        self.fewest = fewest
        self.most = most
        self.atMs = atMs
    }

    /// ` at that point (world time 1500 ms)`.
    var then: String { " at that point (world time \(ScenarioProblem.format(atMs)) ms)" }

    /// `has 5 items at that point (…)`, or `may have as few as 3 items at that point (…) (earlier bursts change its count)`.
    var fewestText: String {
        fewest == most ? "has \(Self.items(fewest))\(then)" : "may have as few as \(Self.items(fewest))\(then) (earlier bursts change its count)"
    }

    /// `has 5 items at that point (…)`, or `has at most 7 items at that point (…)`.
    var mostText: String { "has \(fewest == most ? "" : "at most ")\(Self.items(most))\(then)" }

    private static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }
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
    /// - a `scroll` step's `row` past the most rows its section ever has;
    /// - a section a `change`, a `burst` or a `row` names that the data does
    ///   not have (decoding refuses it first, in a file).
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
    public func positionViolation() -> PositionViolation? { positionViolation(in: Self.timeline(world)) }

    /// ``positionViolation()`` over the world's ``timeline(_:)``, walked once by the caller.
    func positionViolation(in timeline: [TimedWorldEvent]) -> PositionViolation? {
        let names = Self.sectionIDs(data)
        var low: [Int]
        switch data {
        case .feed(let sections, _): low = sections.map { $0.generate + $0.items.count }
        case .restaurantDetail(let initial): low = DetailTemplate.rowCounts(initial)
        }
        var high = low
        var most = low
        var state: DetailState
        if case .restaurantDetail(let initial) = data { state = initial } else { state = DetailState() }

        for entry in timeline {
            func violation(_ key: String, _ problem: PositionProblem) -> PositionViolation {
                PositionViolation(array: "world", indexes: entry.parents + [entry.index], key: key, problem: problem)
            }
            switch entry.kind {
            case let .change(operation, count, position, name):
                guard let s = Self.sectionIndex(name, in: names) else {
                    if let name { return violation("section", .unknownSection(name, sections: names)) }
                    continue // no section at all: nothing to act on, as generate(device:) skips it
                }
                let section = names[s]
                let items = SectionItems(fewest: low[s], most: high[s], atMs: entry.atMs)
                if case .index(let index) = position {
                    switch operation {
                    case .insert where index > low[s]:
                        return violation("at", .insertPastEnd(index: index, section: section, items: items))
                    case .delete where index + count > low[s]:
                        return violation("at", count == 1
                            ? .indexPastEnd(index: index, section: section, items: items)
                            : .deletesPastEnd(index: index, deletes: count, section: section, items: items))
                    case .update where index >= low[s], .move where index >= low[s]:
                        return violation("at", .indexPastEnd(index: index, section: section, items: items))
                    case .insert, .delete, .update, .move:
                        break
                    }
                }
                switch operation {
                case .delete where count > high[s]:
                    return violation("count", .deletesPastData(deletes: count, section: section, items: items))
                case .update where high[s] == 0:
                    return violation("count", .nothingToUpdate(section: section, items: items))
                case .move where high[s] < 2:
                    return violation("count", .nothingToMove(section: section, items: items))
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
            case let .burst(everyMs, forMs, changes, weights, name, position):
                guard let s = Self.sectionIndex(name, in: names) else {
                    if let name { return violation("section", .unknownSection(name, sections: names)) }
                    continue
                }
                let total = (Int((forMs / everyMs).rounded(.down)) + 1) * changes
                // An index must hold for every change of the burst, whatever the seed draws:
                // for the fewest items the section may have while it runs.
                if case .index(let index) = position {
                    let fewest = (weights[.delete] ?? 0) > 0 ? max(0, low[s] - total) : low[s]
                    let onlyInserts = ChangeOperation.allCases.allSatisfy { $0 == .insert || (weights[$0] ?? 0) == 0 }
                    if onlyInserts ? index > fewest : index >= fewest {
                        return violation("at", .burstIndexPastEnd(index: index, section: names[s], fewest: fewest,
                                                                  inserts: onlyInserts, atMs: entry.atMs))
                    }
                }
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
        if let violation = Self.rowViolation(steps, most: most, names: names, parents: []) { return violation }
        return idViolation(steps, known: nil, parents: [])
    }

    /// The first `scroll` to an item by an identifier the data never has:
    /// not in the data at the start (a feed), nor in any page of the detail
    /// page's states. The identifiers are gathered only when a step names one.
    ///
    /// - Complexity: O(steps), plus, at the first identifier, O(items) for a
    ///   feed's explicit items and O(states × rows) for the detail page.
    private func idViolation(_ steps: [Step], known: KnownItemIDs?, parents: [Int]) -> PositionViolation? {
        var known = known
        for (index, step) in steps.enumerated() {
            switch step {
            case .action(.scroll(to: .itemID(let id, _), _, _)):
                let ids = known ?? KnownItemIDs(self)
                known = ids
                guard !ids.contains(id) else { continue }
                return PositionViolation(array: "steps", indexes: parents + [index], key: "id",
                                         problem: .unknownItemID(id, known: ids.description))
            case .repetition(_, let children):
                if let found = idViolation(children, known: known, parents: parents + [index]) { return found }
            case .action:
                continue
            }
        }
        return nil
    }

    /// The first `scroll` to a row or an item past the most its section
    /// ever has (counted as items: every item takes a row at least).
    private static func rowViolation(_ steps: [Step], most: [Int], names: [String], parents: [Int]) -> PositionViolation? {
        for (index, step) in steps.enumerated() {
            switch step {
            case .action(.scroll(to: let target, _, _)):
                // A row or an item: counted as items (every item takes a row at least).
                let named: (section: String, position: Int, isItem: Bool)
                switch target {
                case let .item(section, item): named = (section, item, true)
                case let .row(section, row): named = (section, row, false)
                case .end, .start, .offset, .itemID: continue
                }
                guard let s = sectionIndex(named.section, in: names) else {
                    return PositionViolation(array: "steps", indexes: parents + [index], key: "section",
                                             problem: .unknownSection(named.section, sections: names))
                }
                guard named.position >= most[s] else { continue }
                let problem: PositionProblem
                switch (named.isItem, most[s] == 0) {
                case (true, true): problem = .itemNeverExists(index: named.position, section: names[s])
                case (true, false): problem = .itemPastEnd(index: named.position, section: names[s], most: most[s])
                case (false, true): problem = .rowNeverExists(row: named.position, section: names[s])
                case (false, false): problem = .rowPastEnd(row: named.position, section: names[s], most: most[s])
                }
                return PositionViolation(array: "steps", indexes: parents + [index], key: named.isItem ? "item" : "row", problem: problem)
            case .repetition(_, let children):
                if let found = rowViolation(children, most: most, names: names, parents: parents + [index]) { return found }
            case .action:
                continue
            }
        }
        return nil
    }

    /// The index of the section an event or a step names (no name: the
    /// first, as documented), or nil when the data has no such section (or
    /// none at all).
    ///
    /// - Complexity: O(sections).
    static func sectionIndex(_ name: String?, in names: [String]) -> Int? {
        guard let name else { return names.isEmpty ? nil : 0 }
        return names.firstIndex(of: name)
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
}
