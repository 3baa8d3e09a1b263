extension Prose {
    /// The passages of `texture-memory` (``Prose``'s format, as Markdown text in a raw string).
    static let textureMemory: (name: String, text: String) = (name: "texture-memory", text: #"""
<!-- The words of Reports/texture-memory.md; ReportGenerator fills the {placeholders}. See Prose.swift for the format. -->

<!-- passage: texture-memory.title -->
Texture: node per row vs same-height placeholders

<!-- passage: texture-memory.intro -->
The Texture-memory write-up (its text and the sample it links): a pet social app rendering rich cells with Texture. `ASTableNode`
has no cell reuse, so every visited row's node stays; their infinite scroll grew until the OS killed
the app after a few minutes. Their fix (`texture-placeholders`), following the sample they link
(`github:yuuuutsk/ASTableNodeSample`): when a row's node ends displaying, cache its height by row
number and reload the row as an empty node of that height; when a placeholder will display, reload
the row with its real node. On scroll-to-top the sample sets a flag, replaces its posts with 20 new
ones and reloads; the model, whose data is the scenario's, cuts the list to its first 20 items and
fetches the dropped pages again as the user comes back down. The sample's cell (`cells=sample`, the
default) is 101 text nodes of 2 × 140 pt showing the post's id; `cells=rich` is a rich feed post (an
estimate) and `cells=photos` the other common cause, nodes that keep the photos the app set on them.

<!-- passage: texture-memory.mechanism -->
**Mechanism.** Each `texture` node keeps its subnodes and their loaded views after it leaves the
display range, where only its backing stores are cleared; so memory climbs with every row visited.
Placeholders release the real node (object, views, contents) when it ends displaying and keep the
row's height, so memory stays nearly flat (each visited row keeps only a one-node placeholder) and
nothing on screen moves; the real node is made again on the workers when the row will display, so it
can show empty for a frame or two.

<!-- passage: texture-memory.disagreement -->
**Beside the published account.** The published app was killed after a few minutes. With the
sample's cells (101 text nodes each) and the model's per-node costs (a node object and a view per
subnode, `nodeBytes` and `viewBytes`, both estimates), plain Texture climbs and is {plain}. Nodes that also keep their
decoded photos (`texture:cells=photos`, the pattern TextureGroup/Texture #211 names) are {photos}.
What an `ASTextNode` holds beyond its node and view follows Texture 2.7's source: its own attributed
string, and renderers (a TextKit stack each) kept not by the node but in one shared cache of at most
500; their sizes are estimates. `Reports/validation.md` sets the sample itself (`texture-sample` on
`iphone-x`) beside its two published memory charts.

<!-- passage: texture-memory.limits -->
**What the model does not capture.** Image caches outside the nodes (SDWebImage's, Kingfisher's) are
not modeled. The cost of replacing nodes (reloading rows on main) is modeled; the locking of shared
mutable state the write-up asks for (Texture calls back from several threads) is not. Heights are cached
by row, as the sample does; a row inserted above a cached one would give it another row's height,
which these scenarios (appends only) do not exercise.

<!-- passage: texture-memory.kill.notRun -->
not run on the {device}

<!-- passage: texture-memory.kill.survived -->
not killed on the {device} (peak {peak} MiB)

<!-- passage: texture-memory.kill.killed -->
killed on the {device} (limit {limit} MiB) {seconds} s into the scenario
"""#)
}
