import ListDiff
@testable import ListSimulator
import Testing

/// The list core both surfaces share: section look-ups and scrolling.
@Suite("List core")
struct ListLayoutTests {
    /// Empty sections (first, middle and last-but-one) start where the next
    /// section does; every global row still names its own section, and back.
    @Test(arguments: [[0, 3, 0, 0, 2], [0, 0, 1], [4], [2, 0, 0, 0, 0, 3, 0], [1, 1, 1]])
    func everyGlobalRowMapsToItsPathAndBack(counts: [Int]) {
        var layout = ListLayout(viewportHeight: 100, width: 375)
        layout.sectionStarts = ListLayout.sectionStarts(rowCounts: counts)
        #expect(layout.rowCounts == counts)
        #expect(layout.numberOfSections == counts.count)
        var expected: [ItemPath] = []
        for (section, count) in counts.enumerated() {
            #expect(layout.numberOfRows(inSection: section) == count)
            for item in 0..<count { expected.append(ItemPath(section: section, item: item)) }
        }
        #expect(layout.numberOfRows == expected.count)
        for (row, path) in expected.enumerated() {
            #expect(layout.path(ofGlobal: row) == path)
            #expect(layout.globalRow(path) == row)
        }
    }

    @Test func countsZeroThreeZeroZeroTwoNameTheRowsInSectionsOneAndFour() {
        var layout = ListLayout(viewportHeight: 100, width: 375)
        layout.sectionStarts = ListLayout.sectionStarts(rowCounts: [0, 3, 0, 0, 2])
        #expect(layout.sectionStarts == [0, 0, 3, 3, 3, 5])
        #expect((0..<5).map { layout.path(ofGlobal: $0) } == [
            ItemPath(section: 1, item: 0), ItemPath(section: 1, item: 1), ItemPath(section: 1, item: 2),
            ItemPath(section: 4, item: 0), ItemPath(section: 4, item: 1),
        ])
    }

    /// Scrolling clamps to the content, reports only real moves, and turns the
    /// interface ranges with the direction.
    @Test func scrollingClampsAndOrientsTheRanges() {
        var layout = ListLayout(viewportHeight: 100, width: 375)
        layout.sectionStarts = ListLayout.sectionStarts(rowCounts: [50])
        layout.geometry = RowGeometry(heights: Array(repeating: 10, count: 50), known: Array(repeating: true, count: 50))
        #expect(layout.maximumOffset == 400)
        #expect(layout.scroll(to: -20) == nil)
        #expect(layout.scroll(to: 1_000) == 400)
        #expect(layout.contentOffset == 400 && layout.scrollDirection == 1)
        #expect(layout.scroll(to: 200) == -200)
        #expect(layout.scrollDirection == -1)
        #expect(layout.visibleRowRange() == 20..<30)
        // Scrolling up, one screen leading is above the viewport.
        #expect(layout.rows(leading: 1, trailing: 0) == 10..<30)
        #expect(layout.scroll(to: 250) == 50)
        #expect(layout.rows(leading: 1, trailing: 0) == 25..<45)
        // The visible rows are kept between changes, and every change forgets them:
        // the offset, a row's height, the sections.
        #expect(layout.visibleRowRange() == 25..<35)
        layout.geometry.setHeight(60, of: 0)
        #expect(layout.visibleRowRange() == 20..<30)
        layout.sectionStarts = ListLayout.sectionStarts(rowCounts: [25])
        layout.geometry = RowGeometry(heights: Array(repeating: 10, count: 25), known: Array(repeating: true, count: 25))
        #expect(layout.visibleRowRange() == 24..<25)  // past the end (not clamped here): the last row
        #expect(layout.frame(ofRow: ItemPath(section: 0, item: 7)) == (minY: 70, height: 10))
    }
}
