extension Prose {
    /// The passages of `scaling` (``Prose``'s format, as Markdown text in a raw string).
    static let scaling: (name: String, text: String) = (name: "scaling", text: #"""
<!-- The words of the scaling section of Reports/report.html; ReportGenerator fills the {placeholders}. See Prose.swift for the format. -->

<!-- passage: scaling.title -->
Scaling: the timeline over post counts

<!-- passage: scaling.intro -->
`listbench sweep Scenarios/home-170.json --set posts={posts} --strategy monolithic-cells --strategy
viewmodel-cells`: at the scan's pace both designs take the tester's time, so their totals grow
linearly and together; their main-thread time grows linearly too, and the gap between the designs
grows with the list.
"""#)
}
