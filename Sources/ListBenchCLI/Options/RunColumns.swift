import ArgumentParser
import Profiler
import Rendering

/// `run --columns`: parsed and checked against the other options.
enum RunColumns {
    /// Checks `--columns` in `validate()`: an unknown name lists the known
    /// ones; the option applies to the table format only; measured columns
    /// named (the `measured` set, a measured metric) need measured figures
    /// (`--measure` or `--repetitions N`); `all` shows them only when there are.
    ///
    /// - Throws: `ValidationError` (exit 64) with one message.
    static func check(_ text: String, format: OutputFormat, repetitions: Int) throws {
        guard format == .table else {
            throw ValidationError("--columns chooses the table format's columns; markdown and HTML keep the full table, CSV and JSON every figure")
        }
        _ = try parsed(text)
        // `all` is every column there are figures for: its measured ones only
        // when measured. A measured set or metric named on its own needs them.
        let named = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let namesMeasured = named.contains { $0 == "measured" || MetricID(rawValue: $0)?.kind == .measured }
        if namesMeasured, repetitions == 0 {
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
