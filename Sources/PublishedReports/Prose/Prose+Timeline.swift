extension Prose {
    /// The passages of `timeline` (``Prose``'s format, as Markdown text in a raw string).
    static let timeline: (name: String, text: String) = (name: "timeline", text: #"""
<!-- The words of Reports/timeline.md; ReportGenerator fills the {placeholders}. See Prose.swift for the format. -->

<!-- passage: timeline.title -->
Timeline: one big cell vs view models and small cells

<!-- passage: timeline.intro -->
The timeline write-up (its text and its published table): a timeline that mapped one post to one big cell (`monolithic-cells`) rebuilt
as view models made by a low-priority background factory, one per small component cell
(`viewmodel-cells`). Their quality assurance scrolled each of three screens as a person does until
every post had been fetched and displayed, and timed the whole. The scenarios do the same as a scan
(`scan` in `docs/scenario-format.md`): a one-screen swipe over {swipeMs} ms (an estimate from
UIKit's deceleration), the next swipe as soon as the rows that swiped in show their content, pages
arriving after the scenario's modeled network latency, until every post has been shown. The
published totals (0.29 to 0.54 s a post) rule out a reader's dwell ({dwellSeconds} s a post,
Facebook IQ, 2016), which `validation.md` runs as an alternative. The pace was not chosen to match
the published totals.

<!-- passage: timeline.heading.reading -->
Total time scanned as the write-up measured, beside the published, {device}

<!-- passage: timeline.heading.framePaced -->
Total time paged as fast as frames allow (the app's own pace)

<!-- passage: timeline.heading.hitches -->
Hitches, main thread and cell reuse at a person's pace (iphone-15)

<!-- passage: timeline.mechanism -->
**Mechanism.** Both designs run as published, with their defaults (`listbench list strategies`). A
monolithic cell holds the views of every component a post can have and is reused only by posts of
the same shape (a reuse identifier per shape), so new shapes keep creating cells; each configuration
pushes the post through every subview and prepares each view's text on the main thread, and the cell
self-sizes there; post data is decoded on a user-initiated (high-priority) queue. The view-model
design composes a post from a few small cell types that reuse well, from view models a background
factory builds at low priority (decoding and text preparation included); heights are still computed
on the UI thread, as measured. The write-up names no layout engine, so both sides use the same one:
Auto Layout (an assumption; `layout=manual` is the variant). The further ideas (heights in the
factory, binding in `willDisplay`) and the variants are set beside the published figures in
`validation.md`. Paged as fast as frames allow, less main-thread work per screen lets each screen
appear sooner: {framePacedIphone15} on the iPhone 15 and {framePacedIphone6} on the iPhone 6 (Home /
Timeline / Note).

<!-- passage: timeline.disagreement -->
**Where the model disagrees with the published figures.** Scanned as the write-up measured (a
one-screen swipe at the cited swipe speed, the next as soon as the rows that swiped in show their
content), the model's view-model totals are {ratioIphone15} the published ones on the iPhone 15
(Home / Timeline / Note), and the two designs finish within a few frames of each other
({readingIphone15} on the iPhone 15, {readingIphone6} on the iPhone 6), where the write-up measured
19%, 25% and 44%. The view-model design still spends less main-thread time and hitches less. The
model does not show the published gain in the total at the scan's pace: each design's main-thread
work for the rows a swipe brings in fits inside that swipe (`validation.md`). The published gain
grows from Home to Note (19% to 44%); frame-paced, the model's gain is nearly constant across the
three screens. The costs are estimates scaled from old public figures (each cited in the device
profiles, `listbench list devices --profile NAME`); the
second data structure's upkeep, GPU compositing and the app's own networking are not modeled.
"""#)
}
