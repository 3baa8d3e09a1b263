extension Prose {
    /// The passages of `timelines` (``Prose``'s format, as Markdown text in a raw string).
    static let timelines: (name: String, text: String) = (name: "timelines", text: #"""
<!-- The words of the timelines section of Reports/report.html; ReportGenerator fills the {placeholders}. See Prose.swift for the format. -->

<!-- passage: timelines.title -->
Timelines: threads and frames

<!-- passage: timelines.intro -->
Each strategy's threads and frames over the same window of virtual time: a row for main, one per
worker that worked in the window, and one for the frames (late ones in red); each slice is coloured
by what the work was (`listbench run --breakdown`). The same timelines, whole, open in Perfetto:
`listbench run SCENARIO --export-trace t.json`.

<!-- passage: timelines.heading.realtime -->
Realtime updates (iphone-15): the half second in which reload kept main busiest

<!-- passage: timelines.heading.home -->
Home paged as fast as frames allow (iphone-15): the half second in which monolithic-cells kept main
busiest

<!-- passage: timelines.caption -->
{strategy} from {start} to {end} ms of virtual time

<!-- passage: timelines.caption.ended -->
{strategy} from {start} to {end} ms of virtual time; the run ended at {at} ms ({event})
"""#)
}
