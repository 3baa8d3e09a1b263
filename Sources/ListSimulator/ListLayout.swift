import ListDiff

/// The list core ``TableView`` and ``TableNode`` share: sections, row
/// geometry, the viewport and scrolling.
///
/// Rows are numbered globally, sections laid end to end: `sectionStarts`
/// holds the global index of each section's first row, plus the total, so a
/// path's global row is one addition and a global row's path one binary
/// search. Heights and positions live in a ``RowGeometry`` (O(log n) look-ups
/// and updates). The viewport is `viewportHeight` points tall at
/// `contentOffset`; `scrollDirection` is the sign of the last move.
///
/// A plain value with no clock and no memory: it charges nothing. What a
/// surface charges for loading or changing rows, it charges itself, in its
/// own order.
///
/// Caveat: the owner sets `sectionStarts` and `geometry` separately (a table
/// view names paths by the old sections while it moves cells through an
/// update); the two agree only once it has set both. A path outside the
/// sections traps, as an array subscript does (``globalRow(_:)``,
/// ``frame(ofRow:)``); a global row past the end is named in the last
/// section (``path(ofGlobal:)``).
struct ListLayout: Sendable {
    /// The viewport's height, in points.
    let viewportHeight: Double
    /// The top of the viewport in the content, in points.
    private(set) var contentOffset = 0.0 { didSet { visibleRows = nil } }
    /// 1 when the last move was down the list (or before any move), -1 when up.
    private(set) var scrollDirection = 1.0
    /// Row heights and positions, every section's rows end to end.
    var geometry = RowGeometry(heights: [], known: []) {
        didSet {
            visibleRows = nil
            bands.forget()
            revision &+= 1
        }
    }
    /// The rows ``rows(from:to:)`` found lately, with their bands (``RowBands``),
    /// until the geometry changes.
    private var bands = RowBands()
    /// The global index of each section's first row, plus the total (`[0]` with no sections).
    var sectionStarts: [Int] = [0] { didSet { visibleRows = nil; revision &+= 1 } }
    /// Bumped by every change of the geometry or the sections (not of the
    /// offset): a layout pass that found nothing to do stays so while it holds
    /// (``TableView/settledPass``).
    private(set) var revision = 0
    /// ``visibleRowRange()`` as last worked out, until the offset, the
    /// geometry or the sections change (each change forgets it).
    private var visibleRows: Range<Int>?
    /// A grid's lines (``Grid``), or nil for a list: one item a row.
    let grid: Grid?
    /// The height of each section's header (a supplementary view above its
    /// first item), in points; 0: none. Set before the list loads.
    ///
    /// The geometry keeps it in the slot that starts the section (its first
    /// row, or a grid's first line's carrier), so a section's top is its
    /// header's and ``frame(ofRow:)`` gives the first row's own frame below
    /// it. A section with no rows shows no header (caveat: UIKit lays out an
    /// empty section's header).
    var headerHeight = 0.0 { didSet { revision &+= 1 } }

    /// A grid's shape: `columns` items side by side in each line of a
    /// section (a section's last line may be short), every line
    /// `lineHeight` points tall, the spacing below it included.
    ///
    /// The geometry keeps one slot per item, so global item numbers stay
    /// those of a list: the last item of each line carries the line's
    /// height and the others 0, so every item of a line starts at the
    /// line's top (``frame(ofRow:)``), and a band of the content holds
    /// whole lines (``rows(from:to:)`` widens to the first line's start).
    struct Grid: Equatable, Sendable {
        var columns: Int
        var lineHeight: Double
    }

    /// The core of a list `width` points wide: a table's, or a collection's
    /// laid out by `collection` (its grid's lines, when it shows one).
    init(viewportHeight: Double, width: Double, collection: CollectionLayout? = nil) {
        self.viewportHeight = viewportHeight
        grid = collection?.shownGrid.map { Grid(columns: $0.columns, lineHeight: RowGeometry.quantize($0.lineHeight(in: width))) }
    }

    /// Replaces the row geometry with these heights (each row's own, without
    /// a header); a grid's geometry is its lines' instead, whatever the
    /// heights (its items are sized by the layout, not by their content).
    /// Each section's header goes into the slot that starts it.
    ///
    /// - Complexity: O(n).
    mutating func replaceGeometry(heights: [Double], known: [Bool]) {
        guard let grid else {
            guard headerHeight > 0 else {
                geometry = RowGeometry(heights: heights, known: known)
                return
            }
            var withHeaders = heights
            for (section, start) in sectionStarts.dropLast().enumerated() where numberOfRows(inSection: section) > 0 {
                withHeaders[start] += headerHeight
            }
            geometry = RowGeometry(heights: withHeaders, known: known)
            return
        }
        geometry = RowGeometry(heights: Self.lineCarriers(rowCounts: rowCounts, grid: grid, headerHeight: headerHeight),
                               known: Array(repeating: true, count: numberOfRows))
    }

    /// A grid's slot heights: each line's last item carries the line's
    /// height, the others 0; a section's first line carries its header too.
    ///
    /// - Complexity: O(n).
    static func lineCarriers(rowCounts: [Int], grid: Grid, headerHeight: Double = 0) -> [Double] {
        var heights: [Double] = []
        heights.reserveCapacity(rowCounts.reduce(0, +))
        for count in rowCounts {
            for item in 0..<count {
                let lastInLine = item % grid.columns == grid.columns - 1 || item == count - 1
                heights.append(lastInLine ? grid.lineHeight + (item < grid.columns ? headerHeight : 0) : 0)
            }
        }
        return heights
    }

    /// Whether a global row starts its section (its header sits above it).
    ///
    /// - Complexity: O(log s) for `s` sections.
    func startsSection(_ row: Int) -> Bool { path(ofGlobal: row).item == 0 }

    /// Sets one row's own height, as a layout pass measures it (its
    /// section's header kept above a first row); a grid's items are sized
    /// by the layout, so there it changes nothing.
    ///
    /// - Returns: how much the row's slot changed.
    /// - Complexity: O(log n).
    @discardableResult
    mutating func setHeight(_ height: Double, of row: Int) -> Double {
        guard grid == nil else { return 0 }
        let header = headerHeight > 0 && startsSection(row) ? headerHeight : 0
        return geometry.setHeight(height + header, of: row)
    }

    /// A row's own height, without its section's header. O(log n).
    func itemHeight(of row: Int) -> Double {
        let height = geometry.height(of: row)
        return headerHeight > 0 && startsSection(row) ? height - headerHeight : height
    }

    /// The section starts of these row counts (the first is 0, the last the total).
    ///
    /// - Complexity: O(s) for `s` sections.
    static func sectionStarts(rowCounts: [Int]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(rowCounts.count + 1)
        for count in rowCounts { starts.append(starts[starts.count - 1] + count) }
        return starts
    }

    // MARK: - Sections

    /// Rows in each section.
    ///
    /// - Complexity: O(s) for `s` sections.
    var rowCounts: [Int] { zip(sectionStarts.dropFirst(), sectionStarts).map { $0 - $1 } }
    var numberOfSections: Int { sectionStarts.count - 1 }
    var numberOfRows: Int { sectionStarts.last ?? 0 }

    /// Rows in one section. Traps outside `0..<numberOfSections`.
    func numberOfRows(inSection section: Int) -> Int { sectionStarts[section + 1] - sectionStarts[section] }

    /// A path's global row.
    ///
    /// - Complexity: O(1).
    func globalRow(_ path: ItemPath) -> Int { sectionStarts[path.section] + path.item }

    /// The path of a global row: the last section that starts at or before
    /// it, so empty sections (which start where the next one does) are
    /// skipped. A row past the end is named in the last section.
    ///
    /// - Complexity: O(log s) for `s` sections.
    func path(ofGlobal row: Int) -> ItemPath {
        let section = Self.section(ofGlobal: row, sectionStarts: sectionStarts)
        return ItemPath(section: section, item: row - sectionStarts[section])
    }

    /// The section of a global row among `sectionStarts` (``sectionStarts(rowCounts:)``):
    /// the last that starts at or before it, so empty sections are skipped; 0 when there are none.
    ///
    /// - Complexity: O(log s) for `s` sections.
    static func section(ofGlobal row: Int, sectionStarts: [Int]) -> Int {
        var section = 0
        var low = 0
        var high = sectionStarts.count - 2
        while low <= high {
            let mid = (low + high) / 2
            if sectionStarts[mid] <= row { section = mid; low = mid + 1 } else { high = mid - 1 }
        }
        return section
    }

    // MARK: - Geometry

    var contentHeight: Double { geometry.totalHeight }

    /// The y of a row's top edge, and its height.
    ///
    /// - Complexity: O(log n).
    func frame(ofRow path: ItemPath) -> (minY: Double, height: Double) {
        let row = globalRow(path)
        let header = headerHeight > 0 && path.item < (grid?.columns ?? 1) ? headerHeight : 0
        if let grid { return (geometry.minY(of: row) + header, grid.lineHeight) }
        return (geometry.minY(of: row) + header, geometry.height(of: row) - header)
    }

    // MARK: - Viewport and scrolling

    /// The largest offset the content allows.
    var maximumOffset: Double { max(0, contentHeight - viewportHeight) }

    /// The content offset clamped to the content (what it will be after ``clampOffset()``).
    var clampedOffset: Double { min(max(0, contentOffset), maximumOffset) }

    /// Clamps the offset to the content (after the content changed).
    mutating func clampOffset() { contentOffset = clampedOffset }

    /// Moves the viewport to `offset`, clamped to the content.
    ///
    /// - Returns: how far it moved (the new offset less the old), or nil when
    ///   it did not move; the scrolling direction changes only on a move.
    mutating func scroll(to offset: Double) -> Double? {
        let previous = contentOffset
        contentOffset = offset
        clampOffset()
        guard contentOffset != previous else { return nil }
        scrollDirection = contentOffset > previous ? 1 : -1
        return contentOffset - previous
    }

    /// Rows intersecting the viewport, kept until the layout changes: a
    /// frame asks for them about ten times, and each answer was two searches
    /// of the row geometry (a fifth of a scrolling run's time).
    ///
    /// - Complexity: O(log n) after a change, then O(1).
    mutating func visibleRowRange() -> Range<Int> {
        if let visibleRows { return visibleRows }
        let rows = rows(from: contentOffset, to: contentOffset + viewportHeight)
        visibleRows = rows
        return rows
    }

    /// Rows intersecting the band from `top` to `bottom` (empty when the band is).
    ///
    /// - Complexity: O(log n).
    mutating func rows(from top: Double, to bottom: Double) -> Range<Int> {
        guard numberOfRows > 0, bottom > top, let first = bands.locate(top, in: geometry),
              let last = bands.locate(bottom - 1 / 64, in: geometry) else { return 0..<0 }
        guard let grid else { return first..<(last + 1) }
        // The band found each line by its last item: start at the first line's first.
        let path = path(ofGlobal: first)
        return (first - path.item % grid.columns)..<(last + 1)
    }

    /// Rows within `leading` screens ahead of the viewport and `trailing`
    /// behind it, ahead being the scrolling direction (Texture's interface ranges).
    ///
    /// - Complexity: O(log n).
    mutating func rows(leading: Double, trailing: Double) -> Range<Int> {
        let ahead = (scrollDirection > 0 ? leading : trailing) * viewportHeight
        let behind = (scrollDirection > 0 ? trailing : leading) * viewportHeight
        return rows(from: contentOffset - behind, to: contentOffset + viewportHeight + ahead)
    }
}
