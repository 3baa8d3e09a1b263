extension SectionedChanges {
    /// The changes as batch updates that UIKit's validation accepts, in order:
    /// none when nothing changed, one in most cases, two at most.
    ///
    /// - Stage 1 holds every structural change (section and item deletes,
    ///   inserts and moves), reloads of changed items that did not move (at
    ///   their old paths), and reloads of changed sections that neither moved
    ///   nor had any item inserted, deleted or moved in or out.
    /// - Stage 2, only when needed, reloads what stage 1 could not: changed
    ///   items that moved (UIKit rejects a reload and a move of one index path
    ///   in one block) and changed sections that moved or changed shape, at
    ///   their new indexes, which are final once stage 1 has run. Reloads of
    ///   items inside a moved section go there too: UIKit raises a bogus row
    ///   count inconsistency for a row reload combined with a section move
    ///   (rdar://27041784).
    ///
    /// Item reloads inside a reloaded section are dropped: the section reload
    /// renews every row of it. The data source can show the new data during
    /// both stages; stage 1's counts are already the final counts.
    ///
    /// - Complexity: O(c) for `c` changes, expected.
    public var stages: [BatchUpdate] {
        var first = BatchUpdate(
            deletedSections: sectionDeletes, insertedSections: sectionInserts, movedSections: sectionMoves,
            deletedItems: itemDeletes, insertedItems: itemInserts, movedItems: itemMoves)
        var second = BatchUpdate()

        // Sections that stage 1 touches structurally, by old and by new index.
        var touchedOld = Set(itemDeletes.map(\.section))
        var touchedNew = Set(itemInserts.map(\.section))
        for move in itemMoves {
            touchedOld.insert(move.from.section)
            touchedNew.insert(move.to.section)
        }
        let movedSectionsNew = Set(sectionMoves.map(\.to))
        let movedSectionsOld = Set(sectionMoves.map(\.from))
        var reloadedOld = Set<Int>()
        var reloadedNew = Set<Int>()
        for update in sectionUpdates {
            reloadedOld.insert(update.from)
            reloadedNew.insert(update.to)
            let inPlace = !movedSectionsNew.contains(update.to)
                && !touchedOld.contains(update.from) && !touchedNew.contains(update.to)
            if inPlace {
                first.reloadedSections.append(update.from)
            } else {
                second.reloadedSections.append(update.to)
            }
        }
        second.reloadedSections.sort()

        let moveDestinations = Set(itemMoves.map(\.to))
        for update in itemUpdates where !reloadedNew.contains(update.to.section) {
            // UIKit miscounts a row reload inside a moved section (rdar://27041784),
            // so those wait for stage 2 like reloads of moved items.
            if moveDestinations.contains(update.to) || movedSectionsOld.contains(update.from.section) {
                second.reloadedItems.append(update.to)
            } else if !reloadedOld.contains(update.from.section) {
                first.reloadedItems.append(update.from)
            }
        }
        first.reloadedItems.sort()
        return [first, second].filter { !$0.isEmpty }
    }
}

extension LinearChanges {
    /// The changes as batch updates for one section of a table, under the
    /// rules of ``SectionedChanges/stages``: at most two stages, the second
    /// only reloading changed elements that also moved.
    ///
    /// - Complexity: O(c) for `c` changes, expected.
    public func stages(inSection section: Int = 0) -> [BatchUpdate] {
        func path(_ index: Int) -> ItemPath { ItemPath(section: section, item: index) }
        let sectioned = SectionedChanges(
            itemDeletes: deletes.map(path),
            itemInserts: inserts.map(path),
            itemMoves: moves.map { ItemMove(from: path($0.from), to: path($0.to)) },
            itemUpdates: updates.map { ItemMove(from: path($0.from), to: path($0.to)) })
        return sectioned.stages
    }
}
