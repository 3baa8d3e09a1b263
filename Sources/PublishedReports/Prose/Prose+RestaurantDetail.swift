extension Prose {
    /// The passages of `restaurant-detail` (``Prose``'s format, as Markdown text in a raw string).
    static let restaurantDetail: (name: String, text: String) = (name: "restaurant-detail", text: #"""
<!-- The words of Reports/restaurant-detail.md; ReportGenerator fills the {placeholders}. See Prose.swift for the format. -->

<!-- passage: restaurant-detail.title -->
Restaurant detail: CellBinder rebuild vs row-ID diffable data source

<!-- passage: restaurant-detail.intro -->
The restaurant-detail write-up (its text and its published code): a restaurant detail page of
17 fixed sections whose state arrives in pieces from a unidirectional store. Before, `cellbinder`
rebuilt every row binder on each state and sized every row by dequeuing a nib-loaded cell and
reading its height without binding the row's value (as the published code does), then reloaded the
table. After, `row-ids` appends the fixed sections once, identifies rows by small row-kind IDs
(`report(3)`), edits the data source's snapshot on the global concurrent queue on each state and
applies it on main without animation; its name row is a SwiftUI hosting cell. Both show the same
rows with the same cell design per row kind (an assumption: the write-up names only the name row's
change, to a SwiftUI hosting cell). They report that the time until the screen is rendered went
down, with no figure.

<!-- passage: restaurant-detail.load.heading -->
Time until the detail page is rendered (`restaurant-detail-load`)

<!-- passage: restaurant-detail.load -->
The page opens; the restaurant with its own fields arrives at 120 ms, images at 260 ms, reports and
courses at 420 ms, photos, staff and the rest at 700 ms. Completion is when the last piece is on
screen. On iOS 14 `row-ids` reloads the rows it would reconfigure, as the published code does, and
each non-animated apply is a `reloadData`; the iPhone 6 runs iOS 12, where a diffable data source
does not exist.

<!-- passage: restaurant-detail.visit.heading -->
The whole visit (`restaurant-detail`, iphone-15)

<!-- passage: restaurant-detail.visit -->
The same page, then the user reads and scrolls while reports grow to the page maximum and later
shrink from 10 to 4.

<!-- passage: restaurant-detail.mechanism -->
**Mechanism.** For every state, `cellbinder` dequeues a sizing cell per row without an index path
and never returns it to the pool, so once the pool is empty each is a new cell loaded from its nib
(each view created and decoded from the archive), and reads its height on the main thread, for every
row of the page; then `reloadData` reconfigures the visible cells. Read unbound, the height is the
nib's own or that of the row a reused cell showed last, so rows are shown at a height other than
their content's ("mis-sized rows", counted per display; `cellbinder:sizing=bound` binds first and
has none). `row-ids` does its snapshot edit off the main thread and the table self-sizes only the
rows it shows. Less main-thread work per state puts the complete page on screen sooner; the first
piece fits in one frame either way.

<!-- passage: restaurant-detail.disagreement -->
**Where the model disagrees, and what it does not capture.** {firstFrame} Nib decoding is an
estimate derived from a 2011 figure (a nib cell on an iPhone 4, cited in the device profiles), and the per-kind view counts are estimates.
Two states processed at once on the global queue are applied in the order they finish; the
scenario's pieces arrive far enough apart that none overlap here. {surplus}

<!-- passage: restaurant-detail.firstFrame.sooner -->
On the default iPhone 15, `row-ids` shows the first frame sooner ({rowIDsFirst} vs {binderFirst} ms)
and the complete page: {rowIDsPage} vs {binderPage} ms.

<!-- passage: restaurant-detail.firstFrame.noSooner -->
On the default iPhone 15 the first frame is no sooner with `row-ids` ({rowIDsFirst} vs {binderFirst}
ms): the first state piece is small enough for both to render within one frame, {elsewhere}. What is
sooner is the complete page: {rowIDsPage} vs {binderPage} ms.

<!-- passage: restaurant-detail.firstFrame.elsewhere.none -->
and it is no sooner on any phone in the table above

<!-- passage: restaurant-detail.firstFrame.elsewhere.some -->
and it is sooner only on {devices}

<!-- passage: restaurant-detail.surplus -->
The published code's surplus deletion, `(1 ..< diff).map { report(newCount + $0) }` (the
write-up's code), keeps `report(newCount)` when the reports shrink: a row
past the reports data. When its cell is configured again, a cell provider that reads the report at
the row's index (as the row-kind design does; listbench does not have the write-up's provider code) reads
past the data and the app traps: `row-ids` {published}. With the deletion fixed
(`row-ids:surplusDeletion=fixed`) the visit {fixed}.

<!-- passage: restaurant-detail.ends.inconsistency -->
ends {status} with `{message}`

<!-- passage: restaurant-detail.ends.stale -->
ends {status} with {staleRows} stale rows

<!-- passage: restaurant-detail.ends.status -->
ends {status}

<!-- passage: restaurant-detail.noResult -->
has no result
"""#)
}
