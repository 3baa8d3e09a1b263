import ArgumentParser
import Profiler
import Rendering

/// `run --columns`: parsed and checked against the other options.
enum RunColumns {
    /// Checks `--columns` in `validate()`: an unknown name lists the known
    /// ones; the option applies to the table format only; measured columns
    /// need measured figures (`--measure` or `--repetitions N`).
    ///
    /// - Throws: `ValidationError` (exit 64) with one message.
    static func check(_ text: String, format: OutputFormat, repetitions: Int) throws {
        guard format == .table else {
            throw ValidationError("--columns chooses the table format's columns; markdown and HTML keep the full table, CSV and JSON every figure")
        }
        let columns = try parsed(text)
        if columns.namesMeasured, repetitions == 0 {
            throw ValidationError("--columns \(text): measured columns need measured figures; add --measure or --repetitions N")
        }
    }

    /// The columns `--columns` names, or the default set when it is not given.
    static func parsed(_ text: String?) throws -> TableColumns {
        guard let text else { return .standard }
        do {
            return try TableColumns.parse(text)
        } catch {
            throw ValidationError("--columns \(text): \(error)")
        }
    }
}
