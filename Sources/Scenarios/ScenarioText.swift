/// Where a scenario file stops being text: the first byte that is not
/// UTF-8, or a NUL, with its line and column and, when the rest of the file
/// is JSON, the JSON path of the value it is in.
enum ScenarioText {
    /// A byte (or the start of a sequence) that is not text.
    struct Flaw: Equatable {
        /// Where it is in the file (0-based).
        var offset: Int
        /// How many bytes the UTF-8 decoder refused there (1 for a NUL).
        var length: Int
    }

    /// The first flaw in `bytes`, or nil for UTF-8 text without NUL.
    ///
    /// - Complexity: O(n) in the bytes, scalar by scalar: called only once
    ///   a whole-buffer validation has failed.
    static func firstFlaw(_ bytes: [UInt8]) -> Flaw? {
        var flaw: Flaw?
        _ = scan(bytes) { found in
            flaw = found
            return false
        }
        return flaw
    }

    /// The error for a file that is not text: the first flaw's line and
    /// column (counted in bytes, as the JSON parser counts them), the bytes
    /// there, and the JSON path of the value around it when the file, with
    /// every flaw replaced by `?`, is JSON.
    ///
    /// - Complexity: O(n) in the bytes (a second scan and a parse).
    static func error(_ bytes: [UInt8], at flaw: Flaw) -> ScenarioError {
        var line = 1
        var lineStart = 0
        for index in 0..<flaw.offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let shown = bytes[flaw.offset..<min(bytes.count, flaw.offset + max(flaw.length, 1) + 1)]
            .map { String($0, radix: 16, uppercase: true) }
            .map { $0.count == 1 ? "0" + $0 : $0 }
        let what = bytes[flaw.offset] == 0
            ? "a NUL byte (00)"
            : "byte \(shown[0]) is not UTF-8 (the bytes there: \(shown.joined(separator: " ")))"
        return .notText(line: line, column: flaw.offset - lineStart + 1, path: path(of: flaw, in: bytes), problem: what)
    }

    /// The JSON path of the innermost value holding the flaw, when the file
    /// parses with its flaws replaced; nil when it does not (the flaw is
    /// outside any string, or the file is not JSON at all).
    private static func path(of flaw: Flaw, in bytes: [UInt8]) -> String? {
        var repaired = bytes
        _ = scan(bytes) { found in
            for index in found.offset..<(found.offset + found.length) { repaired[index] = UInt8(ascii: "?") }
            return true
        }
        guard let root = try? JSONParser.parse(repaired) else { return nil }
        var node = root
        var path = ""
        while true {
            switch node.value {
            case .array(let elements):
                guard let index = elements.firstIndex(where: { $0.bytes.contains(flaw.offset) }) else { return path }
                path += "[\(index)]"
                node = elements[index]
            case .object(let members):
                guard let member = members.first(where: { $0.node.bytes.contains(flaw.offset) }) else { return path }
                path += path.isEmpty ? member.key : ".\(member.key)"
                node = member.node
            case .null, .bool, .number, .string:
                return path
            }
        }
    }

    /// Calls `found` with each flaw, in order, while it returns true.
    ///
    /// - Returns: whether the scan reached the end.
    private static func scan(_ bytes: [UInt8], _ found: (Flaw) -> Bool) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == 0, !found(Flaw(offset: offset, length: 1)) { return false }
                offset += encoded.count
            case .error(let length):
                if !found(Flaw(offset: offset, length: length)) { return false }
                offset += length
            case .emptyInput:
                return true
            }
        }
    }
}
