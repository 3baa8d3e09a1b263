import ListSimulator
@testable import Profiler
import Randomness
import Testing

/// A frame records as displayed only the rows the last frame did not show
/// (``Coverage/run(of:alsoIn:)``): the rows it skips must all have been
/// shown by the last frame, and a frame that scrolls by a few rows skips
/// all the others.
@Suite("Rows recorded per frame")
struct CoverageRunTests {
    private static func keys(_ items: Range<Int>, version: Int = 0) -> [ContentKey] {
        items.map { ContentKey(item: $0, version: version) }
    }

    @Test func aScrolledFrameSkipsTheRowsTheLastOneShowed() {
        let last = Self.keys(10..<20)
        // Moved up by three rows (rows left at the top, three new below).
        #expect(Coverage.run(of: Self.keys(13..<23), alsoIn: last) == 0..<7)
        // Moved down by two rows.
        #expect(Coverage.run(of: Self.keys(8..<18), alsoIn: last) == 2..<10)
        // A jump: nothing in common.
        #expect(Coverage.run(of: Self.keys(40..<50), alsoIn: last).isEmpty)
        // The same rows with new content (a reload): each is a new key.
        #expect(Coverage.run(of: Self.keys(10..<20, version: 1), alsoIn: last).isEmpty)
        #expect(Coverage.run(of: [], alsoIn: last).isEmpty)
        #expect(Coverage.run(of: last, alsoIn: []).isEmpty)
    }

    /// 2,000 random pairs of frames (windows over a list, rows inserted,
    /// removed and changed between them): every row skipped is one the
    /// last frame showed, so the rows recorded over the two frames are
    /// exactly the rows shown in either.
    @Test func everyRowSkippedWasShownByTheLastFrame() {
        var generator = SplitMix64(seed: 43)
        for _ in 0..<2_000 {
            let start = Int(generator.next() % 30)
            let last = Self.keys(start..<(start + Int(generator.next() % 12)))
            let shownStart = start - 3 + Int(generator.next() % 7)
            var shown = Self.keys(shownStart..<(shownStart + Int(generator.next() % 14)))
            if !shown.isEmpty, generator.next() % 3 == 0 { shown.remove(at: Int(generator.next() % UInt64(shown.count))) }
            if !shown.isEmpty, generator.next() % 3 == 0 { shown[Int(generator.next() % UInt64(shown.count))].version = 1 }
            if generator.next() % 3 == 0 { shown.insert(ContentKey(item: 1_000, version: 0), at: Int(generator.next() % UInt64(shown.count + 1))) }
            let kept = Coverage.run(of: shown, alsoIn: last)
            #expect(kept.lowerBound >= 0 && kept.upperBound <= shown.count)
            for index in kept { #expect(last.contains(shown[index]), "\(shown) after \(last)") }
            var recorded = Set(last.map(\.item))
            for index in shown.indices where !kept.contains(index) { recorded.insert(shown[index].item) }
            #expect(recorded == Set(last.map(\.item)).union(shown.map(\.item)))
        }
    }
}
