import ArgumentParser

/// How a report is printed on standard output.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table
    case json
}
