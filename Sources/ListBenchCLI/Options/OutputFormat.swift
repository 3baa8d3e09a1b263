import ArgumentParser

/// How a report is printed on standard output.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table
    case markdown
    case csv
    case json
    case html
}

/// The formats of the benchmark commands that print one kind of table (`diff-bench`).
enum TableOrJSON: String, ExpressibleByArgument, CaseIterable {
    case table
    case json
}
