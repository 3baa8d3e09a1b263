import ListData

/// Pages at the top (``Paging/at`` `top`): a chat that opens on its newest
/// messages and loads older ones as the user nears the top.
///
/// The app holds a suffix of each section: all of the sections after
/// ``World/cursor``, the last ``World/loaded`` rows of that one, none before
/// it. The first page is the data's last rows; each next page is the rows
/// just before the app's suffix, sent as a ``DataChange/prepend(section:items:)``
/// per section it touches. A world change inside the suffix reaches the app
/// with its index counted from the suffix's first row; one before it
/// changes the server's data only.
extension World {
    /// How many of section `s`'s server rows come before the app's suffix
    /// (all of them before the cursor, none after it).
    private func hidden(_ s: Int) -> Int {
        let count = server.sections[s].items.count
        if s > cursor { return 0 }
        if s < cursor { return count }
        return count - min(loaded[s], count)
    }

    /// Whether a server row at `index` of section `s` is in the app's suffix
    /// (an insert at the suffix's first row goes into the rows still to load).
    private func holds(_ s: Int, _ index: Int, inserting: Bool) -> Bool {
        guard s >= cursor else { return false }
        let before = hidden(s)
        return inserting ? (before == 0 || index > before) : index >= before
    }

    /// What the app sees of a world change with pages at the top (nil:
    /// nothing, it is before what the app has loaded), keeping the suffix
    /// lengths in step. Called before the server applies the change, whose
    /// positions are the server's.
    ///
    /// - Complexity: O(1), O(n) for a new state.
    func appViewFromTop(of change: DataChange) -> DataChange? {
        if let section = change.sectionTouched, !server.sections.indices.contains(section) { return nil }
        switch change {
        case let .insert(section, index, item):
            guard holds(section, index, inserting: true) else { return nil }
            let appIndex = index - hidden(section)
            if section == cursor { loaded[section] += 1 }
            return .insert(section: section, index: appIndex, item: item)
        case let .delete(id, section, index):
            guard holds(section, index, inserting: false) else { return nil }
            let appIndex = index - hidden(section)
            if section == cursor { loaded[section] -= 1 }
            return .delete(id: id, section: section, index: appIndex)
        case let .update(id, section, index, version, textLength):
            guard holds(section, index, inserting: false) else { return nil }
            return .update(id: id, section: section, index: index - hidden(section), version: version, textLength: textLength)
        case let .append(section, items):
            guard section >= cursor else { return nil }
            if section == cursor { loaded[section] += items.count }
            return change
        case .prepend:
            // The world never prepends: only pages do.
            return nil
        case let .move(id, fromSection, fromIndex, section, index):
            return moveFromTop(id: id, fromSection: fromSection, fromIndex: fromIndex, section: section, index: index)
        case .state(let sections):
            // The app keeps the extent it had loaded, cut from the new data's end.
            cursor = min(cursor, sections.count - 1)
            loaded = sections.indices.map { s in
                let count = sections[s].items.count
                return s > cursor ? count : (s == cursor && s < loaded.count ? min(loaded[s], count) : 0)
            }
            return .state(sections.enumerated().map { s, section in
                DataSection(id: section.id, items: TreeList(section.items.suffix(loaded[s])))
            })
        }
    }

    /// A move with pages at the top: a move, a delete or an insert for the
    /// app, or nothing, as its ends fall inside or before its suffix.
    private func moveFromTop(id: Int, fromSection: Int, fromIndex: Int, section: Int, index: Int) -> DataChange? {
        guard server.sections.indices.contains(fromSection) else { return nil }
        let removed = holds(fromSection, fromIndex, inserting: false)
        let fromApp = fromIndex - hidden(fromSection)
        if removed, fromSection == cursor { loaded[fromSection] -= 1 }
        // The target index counts after the removal; so does what the app holds of its section.
        let countAfter = server.sections[section].items.count - (fromSection == section ? 1 : 0)
        let hiddenAfter = section > cursor ? 0 : (section < cursor ? countAfter : countAfter - min(loaded[section], countAfter))
        let inserted = section >= cursor && (hiddenAfter == 0 || index > hiddenAfter)
        if inserted, section == cursor { loaded[section] += 1 }
        let toApp = index - hiddenAfter
        switch (removed, inserted) {
        case (true, true): return .move(id: id, fromSection: fromSection, fromIndex: fromApp, section: section, index: toApp)
        case (true, false): return .delete(id: id, section: fromSection, index: fromApp)
        case (false, true):
            guard server.sections.indices.contains(fromSection), fromIndex < server.sections[fromSection].items.count else {
                return nil
            }
            return .insert(section: section, index: toApp, item: server.sections[fromSection].items[fromIndex])
        case (false, false): return nil
        }
    }

    /// Whether the server has rows before the app's suffix.
    var hasMoreAbove: Bool {
        guard generated.paging != nil, cursor >= 0 else { return false }
        return (0...min(cursor, server.sections.count - 1)).contains { $0 >= loaded.count || loaded[$0] < server.sections[$0].items.count }
    }

    /// The next page at the top, cut from the server's data as it is now: up
    /// to `size` rows just before the app's suffix, from the last section
    /// back, one prepend per section it touches (its rows in their order).
    /// Moves the suffix's start before them.
    ///
    /// - Complexity: O(size × log n + sections).
    func cutPageAbove(size: Int) -> [DataChange] {
        var changes: [DataChange] = []
        var remaining = size
        while cursor >= 0, cursor < server.sections.count {
            let items = server.sections[cursor].items
            let before = items.count - min(loaded[cursor], items.count)
            let take = min(remaining, before)
            if take > 0 {
                changes.append(.prepend(section: cursor, items: Array(items[(before - take)..<before])))
                loaded[cursor] += take
                remaining -= take
            }
            guard loaded[cursor] >= items.count else { break }
            cursor -= 1
            if remaining == 0 { break }
        }
        return changes
    }
}

extension DataChange {
    /// The section a change acts in (its target section for a move; nil for a new state).
    var sectionTouched: Int? {
        switch self {
        case .insert(let section, _, _), .delete(_, let section, _), .update(_, let section, _, _, _),
             .append(let section, _), .prepend(let section, _), .move(_, _, _, let section, _):
            return section
        case .state:
            return nil
        }
    }
}
