extension Prose {
    /// The passages of `shared` (``Prose``'s format, as Markdown text in a raw string).
    static let shared: (name: String, text: String) = (name: "shared", text: #"""
<!-- The words of every report; ReportGenerator fills the {placeholders}. See Prose.swift for the format. -->

<!-- passage: shared.modeled -->
All figures are **modeled**: virtual time, work and memory on the simulated device, identical on
every machine and run. Measured host figures are left out of the published reports so that they can
be checked byte for byte; `listbench compare A B SCENARIO --repetitions 10` adds them.
"""#)
}
