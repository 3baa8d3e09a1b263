import ListDiff
import ListSimulator
import Testing

/// Seeded property tests: for every case, the staged changes pass the
/// simulator's batch-update validation and turn the old data into the new
/// data exactly.
@Suite("Diff properties")
struct DiffPropertyTests {
    /// Cases per kind; 12 kinds × 1,000 = 12,000 cases.
    static let casesPerKind = 1_000

    @Test("sectioned diff reproduces the new data through validated batches", arguments: CaseKind.allCases)
    func sectionedRoundTrip(kind: CaseKind) throws {
        for index in 0..<Self.casesPerKind {
            let seed = UInt64(index) &* 7_919 &+ UInt64(kind.hashSeed)
            var generator = CaseGenerator(seed: seed)
            let (old, new) = generator.makeCase(kind)
            let changes = try sectionedChanges(old, new)
            let stages = changes.stages
            #expect(stages.count <= 2, "seed \(seed): \(stages.count) stages")
            if stages.count == 2 {
                #expect(stages[1].deletedItems.isEmpty && stages[1].insertedItems.isEmpty
                    && stages[1].movedItems.isEmpty && stages[1].movedSections.isEmpty,
                    "seed \(seed): stage 2 may only reload")
            }
            do {
                let result = try perform(stages, on: old, dataSource: new)
                #expect(result == new, "seed \(seed) \(kind): \(old) -> \(new) gave \(result) via \(stages)")
            } catch {
                Issue.record("seed \(seed) \(kind): \(error)\nold \(old)\nnew \(new)\nstages \(stages)")
            }
            if kind != .duplicates {
                #expect(changes.isEmpty == (old == new), "seed \(seed): isEmpty disagrees with equality")
            }
        }
    }

    @Test("linear diff reproduces the new list with a minimal number of moves")
    func linearRoundTrip() throws {
        for index in 0..<Self.casesPerKind {
            let seed = UInt64(index) &* 104_729
            var generator = CaseGenerator(seed: seed)
            let (oldBlocks, newBlocks) = generator.makeCase(.flat)
            let old = oldBlocks.first?.rows ?? []
            let new = newBlocks.first?.rows ?? []
            let changes = try LinearChanges(from: old.map(\.id), to: new.map(\.id)) {
                old[$0].content != new[$1].content
            }
            let result = try perform(
                changes.stages(),
                on: [Block(id: 0, content: 0, rows: old)],
                dataSource: [Block(id: 0, content: 0, rows: new)])
            #expect(result.first?.rows == new, "seed \(seed)")
            let paired = new.count - changes.inserts.count
            #expect(changes.moves.count == paired - longestIncreasingLength(old: old, new: new), "seed \(seed)")
            // The documented orders: deletes, inserts ascending; moves by new index; updates by old index.
            #expect(changes.deletes == changes.deletes.sorted() && changes.inserts == changes.inserts.sorted(), "seed \(seed)")
            #expect(changes.moves.map(\.to) == changes.moves.map(\.to).sorted(), "seed \(seed)")
            #expect(changes.updates.map(\.from) == changes.updates.map(\.from).sorted(), "seed \(seed)")
        }
    }

    @Test("strict mode reports exactly the duplicated identifiers")
    func strictDuplicates() {
        for index in 0..<Self.casesPerKind {
            let seed = UInt64(index) &* 31
            var generator = CaseGenerator(seed: seed)
            let (old, new) = generator.makeCase(.duplicates)
            let expected = duplicateReports(old, new)
            do {
                _ = try sectionedChanges(old, new, .strict)
                #expect(expected.isEmpty, "seed \(seed): strict mode accepted duplicates \(expected)")
            } catch let error as DiffError {
                #expect(error == .duplicateIdentifiers(expected), "seed \(seed)")
            } catch {
                Issue.record("seed \(seed): unexpected error \(error)")
            }
        }
    }
}

extension CaseKind {
    /// A fixed per-kind offset, so kinds draw different seeds (not `hashValue`, which is per process).
    var hashSeed: Int { (CaseKind.allCases.firstIndex(of: self) ?? 0) * 1_000_003 }
}

/// The length of the longest run of paired rows that kept their order, by the
/// quadratic textbook method: an independent check of the diff's moves.
func longestIncreasingLength(old: [Row], new: [Row]) -> Int {
    var oldIndex: [Int: Int] = [:]
    for (index, row) in old.enumerated() { oldIndex[row.id] = index }
    let keys = new.compactMap { oldIndex[$0.id] }
    var best = [Int](repeating: 1, count: keys.count)
    for i in keys.indices {
        for j in 0..<i where keys[j] < keys[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
}

/// The duplicate reports strict mode must give, computed naively.
func duplicateReports(_ old: [Block], _ new: [Block]) -> [DuplicateReport] {
    func report(_ ids: [Int], _ kind: IdentifierKind, _ side: DiffSide) -> DuplicateReport? {
        var firsts: [Int] = []
        for (index, id) in ids.enumerated() where ids.firstIndex(of: id) == index && ids.filter({ $0 == id }).count > 1 {
            firsts.append(index)
        }
        return firsts.isEmpty ? nil : DuplicateReport(
            kind: kind, side: side, identifiers: firsts.map { String(ids[$0]) }, firstIndices: firsts)
    }
    return [
        report(old.map(\.id), .section, .old), report(new.map(\.id), .section, .new),
        report(old.flatMap(\.rows).map(\.id), .item, .old), report(new.flatMap(\.rows).map(\.id), .item, .new),
    ].compactMap { $0 }
}
