import ListDiff
@testable import ListSimulator
import Testing

/// Texture's check of a batch of row reloads alone takes a path of its own
/// (no sets or maps: `texture-placeholders` swaps a row on every scroll).
/// It must give exactly the general check's answer, the same failure first.
@Suite("Texture's check of reloads alone")
struct TextureReloadCheckTests {
    /// 3,000 random batches of reloads (some repeated, some out of range, in
    /// sections that are missing or reloaded), against counts that match or
    /// not (a section more or fewer, a count changed): the same answer.
    @Test func reloadsAloneAreCheckedAsAnyBatchIs() {
        var generator = Seeded(state: 29)
        var failures = 0
        for _ in 0..<3_000 {
            let sections = Int(generator.next() % 4) + 1
            let before = (0..<sections).map { _ in Int(generator.next() % 6) }
            var after = before
            switch generator.next() % 6 {
            case 0: after.append(Int(generator.next() % 4))
            case 1: after.removeLast()
            case 2: after[Int(generator.next() % UInt64(sections))] += 1
            default: break
            }
            let reloads = (0..<Int(generator.next() % 5)).map { _ in
                ItemPath(section: Int(generator.next() % UInt64(sections + 1)), item: Int(generator.next() % 7))
            }
            let reloadedSections = generator.next() % 4 == 0 ? [Int(generator.next() % UInt64(sections))] : []
            let changes = TextureChangeSet(BatchUpdate(reloadedSections: reloadedSections, reloadedItems: reloads))
            let general = changes.validateInGeneral(before: before, after: after)
            #expect(changes.validate(before: before, after: after) == general, "\(reloads) with \(before) → \(after)")
            #expect(changes.validateReloads(before: before, after: after) == general)
            if general != nil { failures += 1 }
        }
        // Both kinds of batch were tried: some pass, many fail.
        #expect(failures > 500 && failures < 2_900)
    }
}
