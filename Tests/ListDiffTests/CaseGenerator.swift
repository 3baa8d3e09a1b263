import Randomness
import Testing

/// The shapes of random diff cases the property tests cover.
enum CaseKind: String, CaseIterable, CustomTestStringConvertible {
    case emptyOld, emptyNew, allNew, allDeleted, reversed, shuffled
    case crossSectionMoves, sectionMovesWithItemChanges, updatesOnly, mixed, duplicates, flat

    var testDescription: String { rawValue }
}

/// Builds an old and a new model for one seeded case.
struct CaseGenerator {
    var rng: SplitMix64
    private var nextID = 0

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func freshID() -> Int {
        nextID += 1
        return nextID
    }

    mutating func rows(_ count: Int) -> [Row] {
        (0..<count).map { _ in Row(id: freshID(), content: 0) }
    }

    mutating func blocks(sections: ClosedRange<Int>, rows: ClosedRange<Int>) -> [Block] {
        let count = Int.random(in: sections, using: &rng)
        return (0..<count).map { _ in
            Block(id: freshID(), content: 0, rows: self.rows(Int.random(in: rows, using: &rng)))
        }
    }

    mutating func makeCase(_ kind: CaseKind) -> (old: [Block], new: [Block]) {
        switch kind {
        case .emptyOld:
            let new = rng.chance(0.3) ? [] : blocks(sections: 1...4, rows: 0...12)
            return ([], new)
        case .emptyNew:
            return (blocks(sections: 0...4, rows: 0...12), [])
        case .allNew:
            return (blocks(sections: 1...4, rows: 0...15), blocks(sections: 1...4, rows: 0...15))
        case .allDeleted:
            var old = blocks(sections: 1...4, rows: 1...15)
            let new = old.map { Block(id: $0.id, content: $0.content, rows: []) }
            if rng.chance(0.5) { old.shuffle(using: &rng) }
            return (old, new)
        case .reversed:
            let old = blocks(sections: 1...4, rows: 0...20)
            return (old, old.reversed().map { Block(id: $0.id, content: $0.content, rows: $0.rows.reversed()) })
        case .shuffled:
            let old = blocks(sections: 1...3, rows: 0...25)
            var pool = old.flatMap(\.rows)
            pool.shuffle(using: &rng)
            var new = old
            for s in new.indices {
                let take = s == new.count - 1 ? pool.count : min(pool.count, old[s].rows.count)
                new[s].rows = Array(pool.prefix(take))
                pool.removeFirst(take)
            }
            return (old, new)
        case .crossSectionMoves:
            let old = blocks(sections: 2...5, rows: 0...12)
            return (old, mutate(old, sectionChurn: 0, itemChurn: 0.1, crossMove: 0.35, updates: 0.1))
        case .sectionMovesWithItemChanges:
            let old = blocks(sections: 2...7, rows: 0...10)
            var new = mutate(old, sectionChurn: 0.1, itemChurn: 0.2, crossMove: 0.15, updates: 0.2)
            new.shuffle(using: &rng)
            return (old, new)
        case .updatesOnly:
            let old = blocks(sections: 1...5, rows: 0...15)
            return (old, mutate(old, sectionChurn: 0, itemChurn: 0, crossMove: 0, updates: 0.4))
        case .mixed:
            let old = blocks(sections: 0...8, rows: 0...14)
            return (old, mutate(old, sectionChurn: 0.2, itemChurn: 0.25, crossMove: 0.15, updates: 0.25))
        case .duplicates:
            var old = blocks(sections: 1...5, rows: 0...12)
            var new = mutate(old, sectionChurn: 0.15, itemChurn: 0.2, crossMove: 0.2, updates: 0.2)
            duplicate(&old)
            duplicate(&new)
            return (old, new)
        case .flat:
            let old = blocks(sections: 1...1, rows: 0...40)
            var new = mutate(old, sectionChurn: 0, itemChurn: 0.25, crossMove: 0.3, updates: 0.2)
            if new.isEmpty { new = [Block(id: old.first?.id ?? 0, content: 0, rows: [])] }
            return (old, new)
        }
    }

    /// Copies some identifiers (sections and rows) so that they occur twice or more.
    mutating func duplicate(_ blocks: inout [Block]) {
        let all = blocks.flatMap(\.rows)
        guard !all.isEmpty else { return }
        for s in blocks.indices where rng.chance(0.6) {
            let copy = all[Int.random(in: 0..<all.count, using: &rng)]
            let at = Int.random(in: 0...blocks[s].rows.count, using: &rng)
            blocks[s].rows.insert(Row(id: copy.id, content: Int.random(in: 0...1, using: &rng)), at: at)
        }
        if blocks.count > 1, rng.chance(0.3) {
            let copy = blocks[Int.random(in: 0..<blocks.count, using: &rng)]
            blocks.append(Block(id: copy.id, content: copy.content, rows: rows(2)))
        }
    }

    /// A new model derived from `old`: sections deleted, inserted, moved and
    /// updated; rows deleted, inserted, updated and moved within and across
    /// sections (also out of deleted sections and into inserted ones).
    mutating func mutate(
        _ old: [Block], sectionChurn: Double, itemChurn: Double, crossMove: Double, updates: Double
    ) -> [Block] {
        var new: [Block] = []
        var movers: [Row] = []
        for block in old {
            let deleteSection = rng.chance(sectionChurn)
            var kept = Block(
                id: block.id, content: rng.chance(updates) ? block.content + 1 : block.content, rows: [])
            for row in block.rows {
                if deleteSection {
                    if rng.chance(0.3) { movers.append(row) }
                    continue
                }
                if rng.chance(itemChurn) { continue }
                let changed = Row(id: row.id, content: rng.chance(updates) ? row.content + 1 : row.content)
                if rng.chance(crossMove) { movers.append(changed) } else { kept.rows.append(changed) }
            }
            if !deleteSection { new.append(kept) }
            if rng.chance(sectionChurn) {
                new.append(Block(id: freshID(), content: 0, rows: rows(Int.random(in: 0...5, using: &rng))))
            }
        }
        if new.isEmpty, !old.isEmpty { new.append(Block(id: freshID(), content: 0, rows: [])) }
        // Inserts.
        for s in new.indices where rng.chance(max(itemChurn, 0.05)) {
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let at = Int.random(in: 0...new[s].rows.count, using: &rng)
                new[s].rows.insert(Row(id: freshID(), content: 0), at: at)
            }
        }
        // Moves: each mover lands anywhere, possibly in a new section.
        if !new.isEmpty {
            for row in movers {
                let s = Int.random(in: 0..<new.count, using: &rng)
                new[s].rows.insert(row, at: Int.random(in: 0...new[s].rows.count, using: &rng))
            }
        }
        // Section moves.
        if new.count > 1, rng.chance(sectionChurn * 2) {
            let from = Int.random(in: 0..<new.count, using: &rng)
            let block = new.remove(at: from)
            new.insert(block, at: Int.random(in: 0...new.count, using: &rng))
        }
        return new
    }
}
