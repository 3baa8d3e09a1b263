extension Prose {
    /// The passages of `validation` (``Prose``'s format, as Markdown text in a raw string).
    static let validation: (name: String, text: String) = (name: "validation", text: #"""
<!-- The words of Reports/validation.md; ReportGenerator fills the {placeholders}. See Prose.swift for the format. -->

<!-- passage: validation.title -->
Validation: the model beside the published figures

<!-- passage: validation.intro -->
Every published figure and direction of the five write-ups and their published code (named in
`docs/published-comparisons.md`) beside the model's figure on the same workload, with the error and
the mechanism that produces it. The strategies run as published (their defaults); variants are named
by their options (`listbench list strategies`). The published figures are a yardstick: no constant
was chosen or changed to agree with them, and where the model disagrees this report says so.

<!-- passage: validation.timeline.heading -->
The timeline write-up's table (19% / 25% / 44%)

<!-- passage: validation.timeline.method -->
Published (the timeline write-up's table): quality assurance timed each screen "until
every post is fetched and shown on screen, as the user actually scrolls"; old → new design. Model:
the same screens (`home-170`, `timeline-200`, `note-1012`) scanned as that measurement was taken
(`scan`: a one-screen swipe at the cited swipe speed, no dwell, the next swipe once the rows that
swiped in show their content), and, for comparison, paged as fast as frames allow. Per post is the
total divided by the screen's posts. The error is the model's change minus the published change, in
percentage points.

<!-- passage: validation.timeline.mechanism -->
**Direction and magnitude.** Scanned as the write-up measured, the model's totals per post are
shorter than the published ones, and the two designs finish within a few frames of each other on
every screen and on both devices: the model finds none of the published gain, so the error is the
whole published change. Paged as fast as frames allow, the new design is faster, by less than
published and by about the same share on every screen, where the published gain grows from Home to
Note (19% to 44%). **Mechanism.** A swipe takes 500 ms, and what each design's main thread does for
the rows a swipe brings in fits inside that swipe (Note, main thread in all, old → new:
{noteMain15} ms on the iPhone 15, {noteMain6} ms on the iPhone 6, over an old-design total of
{noteTotal6} there): frames run late during the swipe (hitches), but the rows show their content by
the time the finger is done, so the next swipe is not held up. The published totals are longer and
differ between the designs, so something the model does not have made the testers wait: the app's
own networking and image loading beyond each page's latency, the second data structure's upkeep, GPU
compositing and the phone of the day are candidates; none is modeled, and no constant was moved to
find one. The swipe speed is an estimate (`docs/scenario-format.md`); "What the write-ups leave
open" below shows the comparison under the other paces and assumptions.

<!-- passage: validation.timeline.isolation -->
**What this comparison cannot isolate.** The table compares two app versions, not two list designs
alone: "構造変更前の旧バージョンと構造変更後の新バージョンを比較" (the old version before the
restructuring against the new version after it). Whatever else changed between those versions is in
its totals; the model changes the list design and nothing else. The published totals fit a straight
line in the screen's posts (least squares over the three screens, computed here, not published;
three points leave one degree of freedom): the old version {oldLine} (each total within {oldWithin} of the line), the new one {newLine} (within
{newWithin}), and the saving {savingLine} a screen (within {savingWithin}; Home: {homePredicted}
predicted, {homePublished} published). So the published gain is a saving per post with a fixed term
per screen against it, and its share grows from Home to Note because that fixed term weighs less on a
longer screen: the growth from 19% to 44% needs no saving per post that grows with the screen. A
fixed term per screen is what a difference between the versions outside the list would give; what it
was is not published. Scanned, the model's totals (iPhone 15) fit {modelOldLine} for the old design and
{modelNewLine} for the new one, a saving of {modelSavingLine}.

<!-- passage: validation.variants.heading -->
The timeline write-up: the variants, frame-paced

<!-- passage: validation.variants.method -->
Change in total time from the first design to the second, paged as fast as frames allow; negative is
faster. The stale column counts rows left showing old content at step ends on `note-1012` by the
second design (`configure=willDisplay` binds a reused cell in `willDisplay`, which a reconfigured
row never gets again).

<!-- passage: validation.variants.finding -->
With Auto Layout on both sides (the assumption) the new design finishes sooner on every screen
({autoLayoutChanges} on the iPhone 15). With manual layout on both sides the old design no longer
solves constraints for its big cells: on Note its main thread drops to {manualOldMain} ms against
the new design's {manualNewMain} ms (iPhone 15), and the change in total becomes {manualChanges15}
(iPhone 15) and {manualChanges6} (iPhone 6). So in the model most of the frame-paced gain is Auto
Layout on the big cells, and the layout engine the write-up does not name decides the result; why
the new design's total is not shorter with manual layout although its main thread is less busy is
not established here (more, smaller rows each estimated, dequeued and measured are a candidate).
Heights in the factory (the further idea) take work off main ({measuredMain} → {backgroundMain} ms
on Note) but the factory, at background priority, measures every row of a page before handing it
over, and the totals change by {backgroundChanges} against the measured design. Binding in
`willDisplay` changes little here; on a feed whose visible posts are updated it leaves them stale
(`StrategyOptionsTests`). Decoding the old design's data at low priority changes nothing measurable
on these screens: a page's decoding is short next to its latency.

<!-- passage: validation.shapes.heading -->
The timeline write-up: shape variety (the old design's reuse)

<!-- passage: validation.shapes.method -->
The write-up says any difference in shape needs a new cell type, so new cells keep being created,
and gives no count beyond "dozens of possible shapes". The model does not invent shapes: a post's
shape is the scenario's. Here `home-170` on the iPhone 15, frame-paced (the work columns and the
first change) and scanned as published (the last column), is swept over the number of shape
combinations the generator can make; the shipped scenario allows 96. The monolithic reuse identifier
is a post's whole shape: for every part of its kind, how many times it shows, how many images it
shows and whether it has text (`KindSet.shapeIdentifier`), so two posts share a cell type exactly
when their shapes are the same. Of a feed post's parts five vary (photos, link card, video, comment
previews, reactions); a text's length changes a row's height, not its views, and is not a shape.

<!-- passage: validation.shapes.finding -->
The old design creates more cells as variety grows ({created} cells over {shapes} shapes), each a
full set of views, while the small cells grow less ({smallCreated}). The change in total does not
grow steadily with variety, because these levels also change content (one shape has no photos,
comment previews or reactions) and both designs pay for content; the sweep isolates reuse only in
the cells-created column. How many shapes the published posts had is not published.

<!-- passage: validation.restaurant.heading -->
The restaurant-detail write-up: the detail page

<!-- passage: validation.restaurant.method -->
Published (the restaurant-detail write-up and its code): the time until the screen is
rendered went down; no figure. Model: `restaurant-detail-load`, time until the last state piece is
on screen, `cellbinder` → `row-ids`.

<!-- passage: validation.restaurant.mechanism -->
**Mechanism.** Every state, `cellbinder` sizes every row of the page on main with a dequeued nib
cell and reloads; `row-ids` edits its snapshot off main and self-sizes only the rows shown. Because
of the off-by-one in the published code's surplus deletion (the restaurant-detail write-up's code),
on the whole visit (`restaurant-detail`) the published `row-ids` {visit}; read alone, the off-by-one
can leave stale `report(i)` rows, and the model's cell provider, reading the report at the row's
index, traps on the kept row instead.

<!-- passage: validation.realtime.heading -->
The reloadData and crash-rate write-ups: realtime updates

<!-- passage: validation.realtime.method -->
Published: directions only (the reloadData and crash-rate write-ups and their published code). Model: `realtime-feed` on the iPhone 15.

<!-- passage: validation.realtime.mechanism -->
**Mechanism.** `reloadData` rebuilds every visible cell on every change; the diff touches only
changed rows. The hand-written batch update announces fewer rows than its array holds when several
changes share a callback, and UIKit's count check fails; the diffable data source compares whole
snapshots, so counts always match. A crash rate is per app per day and cannot be compared with one
scripted run; the model shows the mechanism, not the rate.

<!-- passage: validation.realtime.library -->
**The reloadData write-up's library as shipped.** The write-up's library (muukii/DataSources 0.5.0, late 2017)
diffs with a port of IGListKit's `IGListDiff`, whose moves include every item a move displaced and
whose updates can be moves too, and sends `reloadItems` for the updates in the same batch as those
moves. UIKit rejects a reload and a move of one index path, so the run crashes at the first batch
that holds a changed item a move displaced (quoted above); the write-up reports smooth updates and
no crash, a disagreement reported as found. The write-up's other directions are checked against
`identifier-diff:diff=minimal` (the library's throttle and `reloadItems`, but minimal moves and the
reloads after the batch), with the library's own figures beside them.

<!-- passage: validation.surfaces.heading -->
The reloadData write-up on its own surfaces

<!-- passage: validation.surfaces.method -->
The write-up says the table and the collection view differ little and then speaks of
`UICollectionView`
("UITableViewとUICollectionViewで差はほとんどないので、ここから先はUICollectionViewにフォーカスして話します"),
and its code drives one; the outcome it reports is its app's, which ran on Texture's
`ASCollectionNode` ("PairsのGlobal版iOSアプリはTextureが持つASCollectionNodeを利用しているため").
So the library runs here on the three surfaces: the
collection view (`identifier-diff`'s default), the collection node (`surface=texture-collection`)
and the table (`surface=table`), each with the library's default equality (content: a changed post
is an update) and with the example code's `isEqual` (`{ $0.id == $1.id }`, identity only:
`isEqual=id`). Model: `realtime-feed` on the iPhone 15.

<!-- passage: validation.surfaces.verdict -->
**Against the surface the write-up used** (`UICollectionView`): {verdict}. The published direction
("no `reloadData` anywhere", smooth updates) is read against that surface; the app's own outcome,
on Texture, is the second pair of rows.

<!-- passage: validation.surfaces.mechanism -->
**Mechanism.** On a collection view the library's batch fails as it does on a table: a reload and a
move of one index path, which `UICollectionView` rejects with the same words. Texture records a move
as a delete and an insert ("TODO: Proper move implementation", `_ASHierarchyChangeSet.mm`) and hands
its collection view the reloads as reloads (`ASCollectionView.mm`, 2.7), so on the collection node
the same batch becomes a delete and a reload of one index path: Texture's own check logs "Attempt to
delete and reload the same item at index path" (a release build only logs), and `UICollectionView`
then raises "attempt to delete and reload the same index path". So the Pairs app's reported
success is not reproduced on this feed: on Texture 2.7 too, the run stops at the library's first
batch that holds a changed post a move displaced. How often the app's own data made such a batch,
the write-up does not say. With the example's identity-only `isEqual`, no change is an update, so
no batch holds a reload and every run completes; a changed post keeps its old content until its
row is next configured (a cell) or made again (a node).

<!-- passage: validation.texture.heading -->
The Texture-memory write-up: memory on an endless feed

<!-- passage: validation.texture.method -->
Published (the Texture-memory write-up and its sample): plain `ASTableNode` was killed by
the OS after a few minutes of use; placeholders improved memory dramatically. Model:
`infinite-paging`, a person paging an endless feed.

<!-- passage: validation.texture.mechanism -->
**Mechanism.** Without reuse every visited row's node stays with its subnodes and their views, so
memory grows with the rows visited; placeholders keep only an empty node of the same height for rows
that have ended displaying. With the sample's cells (101 text nodes each) plain Texture is {plain}. With nodes that keep their photos
(`texture:cells=photos`) it is {photos}. A text node's attributed string and the text-kit renderers in
Texture's shared cache (at most 500) are modeled, with estimated sizes (no public figure). The 20 ms
figure is a rule of thumb; Texture lays nodes out off main, so main's frames stay short in both.
**Index paths as Texture keeps them.** The sample's delegate methods read `node.indexPath`, which
Texture 2.7 looks up in its pending map (`ASTableNode.mm`, `indexPathForNode:`): that map is replaced
as soon as an update is issued, while the rows on screen change only when it commits. So a node whose
row a swap or the scroll-to-top's `reloadData` has replaced, still on screen, has no path, and the
sample's `guard let` returns; the model keeps that map, hands its delegate the node only, makes each
update wait on main for the nodes of the one before (`dispatch_group_wait` in `updateWithChangeSet:`),
and runs the sample's reset when the tap is handled, as `scrollViewShouldScrollToTop` does. Without
the map (cost rules 8 and before) a stale swap reached Texture's check after the reset and the model
crashed on the slower phones; with it, the reset completes on every device above.

<!-- passage: validation.uncertainty.heading -->
Each published direction on plausible devices

<!-- passage: validation.uncertainty.method -->
Every cost constant of a device profile carries an uncertainty: a range from its source, or, for an
estimate, a factor with its reason (`docs/uncertainty.md`). Each published direction is checked again
on {draws} plausible devices drawn from those ranges (each constant log-uniformly within its range,
seed {seed}), {costly} for the dearest runs (the Note screen, Texture's `infinite-paging`), with the
same test as its row above; the last column counts the devices on which the model still gives the
published direction. A direction of time ("finishes sooner", "went down") agrees only beyond the noise
floor of `compare`'s verdicts: a frame of the device, or 1% of the larger figure. `listbench compare A B SCENARIO --uncertainty N` does the same for any two
strategies, on as many devices as asked.

<!-- passage: validation.uncertainty.finding -->
{below} of the {count} directions hold on fewer than all of the plausible devices: for those, the
model's verdict rests on constants within their stated uncertainty, not on the designs alone.

<!-- passage: validation.swiftui.heading -->
SwiftUI: List and LazyVStack beside public measurements

<!-- passage: validation.swiftui.method -->
Public measurements of SwiftUI lists with figures, each with its setup as published
(`docs/strategies.md` cites every source), beside the model on the nearest workload: a feed of
short items of the stated size on the shipped phone running the stated iOS (an iPhone 7 for iOS 13
and 15, an iPhone 15 for iOS 17 and 18), with the strategy's option for what was measured. No public
benchmark was found that publishes XCTest CPU or memory figures for `List` against `LazyVStack` per
device, so these are issue threads, a sample project and articles. They are a yardstick: no
constant was chosen to agree, and the SwiftUI costs are estimates with their uncertainty
(`docs/simulator.md`, "SwiftUI").

<!-- passage: validation.swiftui.finding -->
**Where the model stands.** The two rules Apple states, every identifier of a `List` gathered up
front and rows built on demand unless an element's view count varies (WWDC23 session 10160), give
the published directions: the stall that `.id()` on each row causes and its absence without it, and
about a screen of rows built on first display against every row with a variable view count. Both
directions follow from the rules the options state (with `.id()` or a variable view count every
row is built); what the model adds is their size, from its per-view costs.
Magnitudes are another matter. The model's `List` gathers and diffs identifiers at about an
identifier diff's cost per row (an estimate: Apple gives no figure), while the two public
measurements of `List`'s own cost at scale, iOS 13's shuffle of 600 rows and a hierarchical list of
100,000 items, are far slower than the model. Neither is quite the model's case (iOS 13 is old:
Apple says only that iOS 17 brought unquantified optimizations "for cases like filtering and
scrolling"; the list measured is hierarchical), so no constant was moved; they are reported as
they are. If today's `List` were as slow per row, the model's verdicts for `swiftui-list` on long
lists would be too kind to it. Airbnb's hitch reduction was measured on its own screen, with bodies
split as well; in the model, rows SwiftUI cannot compare cost main-thread time on every update,
which is the mechanism Airbnb describes, and how much of it reaches the hitches depends on the screen.
For nested stacks the model has only an inferred rule (placing a section measures every row of it);
on six sections of 400 items scrolled through, the row above shows what it gives beside bitwarden's
worst hitches of up to 658 ms before its change, whose cause is not published.

<!-- passage: validation.swiftui.screens -->
The two strategies on three shipped scenarios (iPhone 15, iOS 17, defaults). `listbench compare
swiftui-list swiftui-lazyvstack Scenarios/NAME.json` gives the verdict on each, figure by figure.

<!-- passage: validation.swiftui.open -->
**SwiftUI: what Apple leaves open.** Each row is `swiftui-lazyvstack` with one choice changed (the
options and their defaults are in `docs/strategies.md`): its peak memory and main-thread time,
beside `swiftui-list`'s on the same phone and iOS. Apple documents only its latest lazy stack
(WWDC26 session 321); what a kept off-screen view holds is where the public observations disagree
(Eidhof, 2022: its body destroyed; fatbobman, 2023: its body kept, with the images it holds). With
bodies kept, a lazy stack of image rows holds every image it has shown until the stack goes.

<!-- passage: validation.open.heading -->
What the write-ups leave open

<!-- passage: validation.open.intro -->
Each write-up leaves choices unstated that decide its comparison in the model. Each is an option with
a stated default (marked `*`), taken from the write-up's evidence where it has any and otherwise from
the common practice of its time, and the tables below run the published comparison under each value
and under their combinations where they interact. The **layout engine** (`layout=autolayout|manual`
on the timeline designs): no write-up names one; Auto Layout on both sides is the default, as
listbench gives both designs the same engine and Auto Layout was the common engine of 2018. **Where
images are decoded** (`images=main|background`, on every UIKit strategy): no write-up shows an image
library; the default is UIKit's own decode on main when the layer commits, and `background` is an
image library's serial queue (SDWebImage, Kingfisher, Nuke), the row showing its images only once
they are set. **The pace of the measurement** (the timeline write-up): the write-up's words and per-post totals
give the scan (default); a reader's dwell and a machine's frame-paced paging are the alternatives.
**Reuse variety** (the timeline write-up): the number of post shapes is not published; the shape sweep above
varies it, frame-paced and scanned. **How pages reach the table**:
`batch-updates:pageAppends=insertRows|reloadData`, but no published comparison pages through
`batch-updates`, so it moves none of them. The other strategies append pages as their technique does
(a diff, a snapshot, an insert batch); the timeline designs insert each page's rows (the old design
through its diff, the new one through its factory's batch), which the write-up does not describe and
which is not an option yet: a gap, named here.

<!-- passage: validation.open.timeline.heading -->
The timeline write-up: the timeline under each open choice

<!-- passage: validation.open.timeline.method -->
Change in total time, `monolithic-cells` → `viewmodel-cells` with the same choices on both sides;
published: -19.5% / -25.4% / -44.3%, a gain that grows from Home to Timeline to Note. Negative is faster.

<!-- passage: validation.open.timeline.finding -->
The new design is faster on every screen under: {agreeing}. The published growth of the gain from
Home to Timeline to Note appears under: {growing}. These are findings of the model with its
cited constants, not a fit: no constant was moved to produce or remove either.

<!-- passage: validation.open.restaurant.heading -->
The restaurant-detail write-up: the detail page under each open choice

<!-- passage: validation.open.restaurant.method -->
`restaurant-detail-load`, time until the last state piece is on screen, `cellbinder` → `row-ids`
with images decoded where the row says (published: the time went down). The iOS version is the
other open choice the published code names: iOS 14 reloads where iOS 15 reconfigures (the iPhone 7
rows).

<!-- passage: validation.open.realtime.heading -->
The reloadData and crash-rate write-ups: the realtime feed under each open choice

<!-- passage: validation.open.realtime.method -->
`realtime-feed` on the iPhone 15, images decoded where the row says, on every strategy in the row.

<!-- passage: validation.open.realtime.finding -->
Where images decode decides one of the reloadData write-up's directions in the model. `reloadData` stays the slower
on main either way, and it rebuilds unchanged cells either way (the flicker); but its hitches
(`reload` → `identifier-diff:diff=minimal`, the diff that completes: {hitchesMain} with UIKit's decode on main) come from decoding the
rebuilt cells' images on main, and with an image library's decoding they go ({hitchesBackground}).
The write-up's "smooth" is shown only under the assumption that images decode on main.

<!-- passage: validation.open.realtime.findingOther -->
The table gives the reloadData write-up's directions under each image choice (`reload` → `identifier-diff:diff=minimal`,
hitches {hitchesMain} with UIKit's decode on main, {hitchesBackground} with an image library's); where
images decode does not by itself decide one of them here.

<!-- passage: validation.open.texture -->
The Texture-memory write-up's list runs Texture, whose image and text nodes render off main by design, so the image option does
not apply. What a cell holds is the sample's own (`cells=sample`); the `infinite-paging` section above also
runs nodes that keep their photos (`cells=photos`) on a rich feed, and `cells=rich` is the earlier
estimate of a rich feed cell (`listbench list strategies`). The phone the charts were taken on is
not named: its class (3 GB at @3x, 2018) is read off the gauge, and `iphone-x` is the default.
Below, the sample on the other shipped phones: where the plain table node is killed moves with the
phone's limit, and the placeholders stay low on every phone.

<!-- passage: validation.textureSample.heading -->
The Texture-memory write-up: the published sample beside its memory charts

<!-- passage: validation.textureSample.method -->
Published: the two Xcode memory charts of the sample the write-up links
(`github:yuuuutsk/ASTableNodeSample`, `docs/normal.png` and `docs/partial.png`), read off the images.
Read by eye, the plain `ASTableNode` chart is flat near zero until about 50 s, then a roughly
straight rise to 638.8 MB at 2 min 43 s; listbench's own reading of the image's pixels puts the start
of the rise near 32 s, from about 36 MB, and the table gives the slope under both readings.
Same-height placeholders: 47 MB at 3 min 33 s, high 54.2 MB; the range of about 43 to 54.2 MB is
listbench's pixel reading. Model: `texture-sample` on `iphone-x`
(a 3 GB @3x phone of 2018, the charts' class), the sample's `PostCellNode` (`cells=sample`: 101 text
nodes of 2 × 140 pt showing the post's id), 20 posts made on the phone when the last row will display,
scanned from the start (`scan`: the cited swipe, one screen in 500 ms, no dwell). The
person's pace in the charts is not published: the model's pace is cited, not fitted, so the slope is a
check of the mechanism, not of the pace.

<!-- passage: validation.textureSample.finding -->
**Finding.** The model's plain Texture is at {ratio} times the chart's level at 164 s and climbs
{modelSlope} MiB/s against the chart's {eyeSlope} (read by eye) or {chartSlope} (the pixel
reading); it is {kill}. Its growth is the mechanism the
write-up names: every visited row keeps its cell node and 101 text nodes, each with a loaded view and
layer (`nodeBytes` and `viewBytes`, estimates) and an attributed string, while only the display range
holds backing stores. The model starts scrolling at once where the chart stays flat for about 32 s, so
at 164 s it has scrolled longer; its per-second figures depend on the cited pace, its per-row figures
do not. Whether the plain chart starts rising at about 50 s or 32 s moves its slope, not its level
at 164 s. Placeholders keep each visited row as one empty node (peak over rows shown: {fixedPerRow} KiB a row), so the model
grows slowly, from {fixedLow} to {fixedHigh} MiB after the first screen, where the chart stays within
about 43 to 54.2 MB; the model is lower than the chart throughout, since the app's own baseline (the
process, UIKit, Texture's code and caches) is not in the ledger, and it creeps where the chart does not.

<!-- passage: validation.textureSample.causes -->
**The level's causes, each with its share.** The model's plain Texture is {ratio} times the chart's
level at 164 s. The head start: the model scrolls from {modelStart} s, where the chart rises from
{chartStart} s (the pixel reading); {headStart} s earlier the model holds {shifted} MiB, {shiftedRatio}
times the chart's level, so the head start is a factor of {headFactor} ({headShare} of the ratio,
counted on its logarithm, so that the factors multiply to it). `viewBytes`: {viewBytes} bytes a view,
the top of its source's "about 1-2 KB"; at {middle}, the middle, a visited row of the sample ({subnodes}
nodes with a view each and {textNodes} attributed strings) would hold {perRowMiddle} KiB instead of {perRow}
KiB, a factor of {viewFactor} ({viewShare}). The rest, a factor of {restFactor} ({restShare}), is the
slope: the cited pace (rows a second) times the other per-row estimates (`nodeBytes` {nodeBytes}
bytes a node), less the app's own baseline, which the ledger does not hold. The charts' pace is not
published, so the rest is not split further. No constant was moved.

<!-- passage: validation.textureSample.units -->
**Units.** The charts say MB. Xcode's gauge is read here as binary megabytes (MiB), the unit of every
model figure: its own figures add up only so (638.5 MB + 1.69 GB + 416.8 MB is 22.9% app only with
1 GB = 1,024 MB; with 1,000 it would be 23.3%). That is an inference from the image, not a documented
unit. The phone's limit is read differently: `iphone-x`'s 1392 MB (a table of crash points by phone,
Stack Overflow question 5887248, cited in the profile) is taken as decimal megabytes, as every
shipped profile takes that table (1327.5 MiB); read as MiB, the plain
table node would be killed some seconds later.
"""#)
}
