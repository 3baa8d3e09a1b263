import ListData
import Randomness
@testable import Strategies
import Testing

/// `row-ids` keeps, as its published model does, the kind each row
/// identifier was first seen with and the item behind each identifier of the
/// last applied state. Its tables must answer exactly as dictionaries of
/// every row would, including where a detail row's own identifier has a
/// post row's form, or two rows share one.
@Suite("row-ids' row tables")
struct RowIDTablesTests {
    /// A random state: posts, and other rows whose identifiers come from a
    /// small set that holds post identifiers (`post(0)` of section 0 is -1,
    /// `post(2)` of section 1 is -10,000,003), repeats and the extremes.
    static func state(_ random: inout SplitMix64) -> [DataSection] {
        let identifiers = [-1, -2, -3, -10_000_003, 3, 7, Int.min, Int.max]
        let kinds: [ItemKind] = [.report, .news, .staff, .topImage]
        return (0..<Int.random(in: 1...3, using: &random)).map { section in
            let items = (0..<Int.random(in: 0...12, using: &random)).map { index -> Item in
                if random.chance(0.5) { return Item(id: 1_000 * section + index, version: index, kind: .post) }
                let id = identifiers[Int.random(in: 0..<identifiers.count, using: &random)]
                return Item(id: id, version: index, kind: kinds[Int.random(in: 0..<kinds.count, using: &random)])
            }
            return DataSection(id: "s\(section)", items: items)
        }
    }

    @Test func theTablesAnswerAsDictionariesOfEveryRow() {
        var random = SplitMix64(seed: 28)
        var kinds = RowIDKinds()
        var firstKinds: [Int: ItemKind] = [:]
        for _ in 0..<300 {
            let sections = Self.state(&random)
            var builder = RowIDItems.Builder()
            var latest: [Int: Item] = [:]
            for (section, data) in sections.enumerated() {
                for (index, item) in data.items.enumerated() {
                    let id = builder.add(item, section: section, index: index, kinds: &kinds)
                    #expect(id == RowIDsStrategy.rowID(item, section: section, index: index))
                    latest[id] = item
                    if firstKinds[id] == nil { firstKinds[id] = item.kind }
                }
            }
            let items = builder.build(sections)
            #expect(items.count == latest.count)
            let probes = Set(latest.keys).union(firstKinds.keys).union([-4, 0, 99, -20_000_001, Int.min, Int.max])
            for id in probes {
                #expect(items[id] == latest[id], "item of \(id)")
                #expect(kinds[id] == firstKinds[id], "kind of \(id)")
            }
        }
    }
}
