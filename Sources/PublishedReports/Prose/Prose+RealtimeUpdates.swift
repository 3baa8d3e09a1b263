extension Prose {
    /// The passages of `realtime-updates` (``Prose``'s format, as Markdown text in a raw string).
    static let realtimeUpdates: (name: String, text: String) = (name: "realtime-updates", text: #"""
<!-- The words of Reports/realtime-updates.md; ReportGenerator fills the {placeholders}. See Prose.swift for the format. -->

<!-- passage: realtime-updates.title -->
Realtime updates: reloadData, batch updates, diffable data source, identifier diffing

<!-- passage: realtime-updates.intro -->
The reloadData and crash-rate write-ups (their text and their published code): a feed of
300 posts receiving realtime inserts, deletes, moves and content updates while the user scrolls; one
burst is faster than a frame (2 changes every 8 ms). `reload` calls `reloadData` on every change;
`batch-updates` mutates its array when data arrives and dispatches hand-written
insert/delete/move/reload calls to the main queue; `row-ids` is the restaurant-detail write-up's diffable data source with
row-kind identifiers; `diffable-ids` is the crash-rate write-up's, items hashable by their id only, the current
snapshot edited and applied on each change; `identifier-diff` is the reloadData write-up's library as it stood in
late 2017 (muukii/DataSources 0.5.0): each new array throttled for 100 ms, diffed by identifier with
its port of IGListKit's `IGListDiff`, and performed in one batch of reloads, deletes, inserts and
moves; `identifier-diff:diff=minimal` performs listbench's diff instead (minimal moves, changed rows
reloaded after the batch).

<!-- passage: realtime-updates.inconsistency -->
`{strategy}`, first inconsistency: `{message}`

<!-- passage: realtime-updates.mechanism -->
**Mechanism.** The crash is not scripted: three inserts arrive in one network callback,
`batch-updates` appends all three to its array at once and dispatches three separate insert calls;
when the first runs on main, the table finds more rows than were announced and raises UIKit's own
exception (quoted above). The diffable data sources and the identifier diff compare whole states, so
the count always matches: the crash rate goes to zero, as the crash-rate write-up reports. The reloadData write-up's library crashes
anyway, on another check: its diff reports as moved every post whose index a move displaced (moves
by index offset, as IGListKit's IGListDiff counts them), a changed post among them is reloaded at its old index path and
moved from it in the same batch, and UIKit rejects a reload and a move of one index path with the
delete-and-move message quoted above (openradar 33662307; IGListKit turns such a pair into a delete
and an insert, the library's port did not). The batch of the minimal diff moves only what must move
and reloads after it, and completes. The crash-rate write-up's items are equal
by id, so an updated post is unchanged to the snapshot and its row keeps showing the old content
(the stale rows of `diffable-ids`); hashing the whole item (`diffable-ids:equality=content`)
replaces it, and its row is rebuilt. `reloadData` rebuilds every visible cell whether or not it
changed (the dating-app team says only that `reloadData` makes the screen flicker; this is the
model's mechanism for it); the diff reloads only the changed ones (`reloadItems`, as the library
did; `identifier-diff:diff=minimal,updates=reconfigure` keeps their cells).

<!-- passage: realtime-updates.limits -->
**What the model does not capture.** Animation timing of batch updates is not modeled (updates take
effect at once), so the reported hitches come from main-thread work only. The scroll jump of
`identifier-diff:diff=minimal` comes from rows inserted above the viewport without an offset correction, as UIKit
does; apps usually correct it, which no strategy here models. The jump follows the content, not the
row: `row-ids` names rows by position, so a post arriving at the top is shown by reconfiguring every
row with the post before it; its rows stay where they are, but what the user was reading moves down
by a post, and that is counted.
"""#)
}
