/// Why a scenario file was rejected. ``description`` is the one message the
/// CLI prints (after the file's name).
public enum ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingFile
    case isDirectory
    case emptyFile
    /// Bytes that are not UTF-8 text (or a NUL): where the first is, and
    /// the JSON path of the value it is in when the rest of the file is JSON.
    case notText(line: Int, column: Int, path: String?, problem: String)
    case unreadable(String)
    case tooLarge(bytes: Int, limit: Int)
    /// A JSON syntax error.
    case syntax(message: String, line: Int, column: Int)
    /// A value that is missing, of the wrong type, unknown or out of range,
    /// or that the data cannot have: at a JSON path, with the line and
    /// column where the value (or its object) starts.
    case invalid(path: String, line: Int, column: Int, problem: ScenarioProblem)

    public var description: String {
        switch self {
        case .missingFile: return "no such file"
        case .isDirectory: return "is a directory, not a scenario file"
        case .emptyFile: return "the file is empty"
        case let .notText(line, column, path, problem):
            let place = path.map { "at \($0.isEmpty ? "the top level" : $0) (line \(line), column \(column))" }
                ?? "at line \(line), column \(column)"
            return "\(place): not a text file: \(problem); a scenario is JSON in UTF-8"
        case .unreadable(let detail): return "cannot read the file: \(detail)"
        case let .tooLarge(bytes, limit):
            return "the file has \(bytes) bytes; scenario files are limited to \(limit) bytes"
        case let .syntax(message, line, column):
            return "JSON syntax error at line \(line), column \(column): \(message)"
        case let .invalid(path, line, column, problem):
            return "at \(path.isEmpty ? "the top level" : path) (line \(line), column \(column)): \(problem)"
        }
    }
}
