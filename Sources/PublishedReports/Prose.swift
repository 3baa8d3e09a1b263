import Foundation

/// The words of the published reports, kept in files apart from the code
/// that computes their figures.
///
/// The files are `Prose/Prose+*.swift`, one per report, each holding its
/// Markdown text in a raw string literal (compiled in, so generating the
/// reports reads no file at run time). Each text holds named passages; a
/// passage starts at a marker line `<!-- passage: NAME -->` and runs to the
/// next marker or the end of the text. A passage's name starts with its
/// text's name (`timeline.intro` is in `timeline`, `Prose+Timeline.swift`),
/// and no two passages share a name. A passage's lines are trimmed and
/// joined by one space, as Markdown reads a paragraph, so the words can be
/// wrapped freely; blank lines around a passage are ignored, a blank line
/// inside one is an error. Before the first marker a text may hold only
/// blank lines and one-line comments (`<!-- ... -->`).
///
/// A placeholder is `{name}`: a letter, then letters and digits, in braces.
/// Any other brace is text (`{ report(newCount + $0) }` stays as written).
/// The code fills every placeholder with a figure it has formatted; which
/// figures, and which of two passages a condition chooses, stay in the code.
public struct Prose: Sendable {
    /// Passage name → its text, lines joined, placeholders not yet filled.
    private let passages: [String: String]

    /// The names of every passage, sorted. Complexity: O(k log k) for k passages.
    public var names: [String] { passages.keys.sorted() }

    /// Every text the reports' words are in, by name, sorted.
    static let shippedTexts = [index, realtimeUpdates, restaurantDetail, scaling, shared, textureMemory, timeline, timelines, validation]

    /// The prose shipped with the reports (`Prose/Prose+*.swift`, compiled in).
    ///
    /// Complexity: O(n) in the total length of the texts; parses them each time.
    ///
    /// - Throws: as ``init(files:)``, for a text that breaks the format.
    public static func shipped() throws(ProseError) -> Prose { try Prose(files: shippedTexts) }

    /// Parses texts given with their names (a shipped text's name is its
    /// report's, `timeline`, in `Prose/Prose+Timeline.swift`; errors name the
    /// text and the line in it).
    ///
    /// Complexity: O(n) in the total length of the files.
    ///
    /// - Throws: ``ProseError/malformed(file:line:reason:)`` for a file that
    ///   breaks the format (text before the first marker, a passage named for
    ///   another file, a name used twice, a blank line inside a passage, an
    ///   empty passage).
    public init(files: [(name: String, text: String)]) throws(ProseError) {
        var passages: [String: String] = [:]
        for file in files {
            var current: (name: String, line: Int, lines: [String])?
            var pendingBlank: Int?
            func finish() throws(ProseError) {
                guard let open = current else { return }
                guard !open.lines.isEmpty else { throw .malformed(file: file.name, line: open.line, reason: "the passage '\(open.name)' is empty") }
                passages[open.name] = open.lines.joined(separator: " ")
            }
            for (index, raw) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let number = index + 1
                let line = raw.trimmingCharacters(in: .whitespaces)
                if let name = Self.marker(line) {
                    try finish()
                    guard name.hasPrefix("\(file.name).") else {
                        throw .malformed(file: file.name, line: number, reason: "the passage '\(name)' must be named '\(file.name).…' in this file")
                    }
                    guard passages[name] == nil else {
                        throw .malformed(file: file.name, line: number, reason: "a second passage named '\(name)'")
                    }
                    current = (name, number, [])
                    pendingBlank = nil
                } else if line.isEmpty {
                    if current?.lines.isEmpty == false { pendingBlank = pendingBlank ?? number }
                } else if current != nil {
                    if let blank = pendingBlank {
                        throw .malformed(file: file.name, line: blank, reason: "a blank line inside the passage '\(current?.name ?? "")'")
                    }
                    current?.lines.append(line)
                } else if !(line.hasPrefix("<!--") && line.hasSuffix("-->")) {
                    throw .malformed(file: file.name, line: number, reason: "text before the first passage marker")
                }
            }
            try finish()
        }
        self.passages = passages
    }

    /// The passage's name if the line is a marker, `<!-- passage: NAME -->`.
    private static func marker(_ line: String) -> String? {
        let prefix = "<!-- passage:", suffix = "-->"
        guard line.hasPrefix(prefix), line.hasSuffix(suffix), line.count >= prefix.count + suffix.count else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
    }

    /// A passage with its placeholders filled.
    ///
    /// Values are inserted as given: a brace in a value is never read as a
    /// placeholder. Complexity: O(p + v), p the passage's length, v the
    /// values' total length.
    ///
    /// - Throws: ``ProseError/missingPassage(_:)`` for an unknown name,
    ///   ``ProseError/missingValue(passage:placeholder:)`` for a placeholder
    ///   with no value (nothing is ever left unfilled), and
    ///   ``ProseError/unusedValue(passage:name:)`` for a value the passage has
    ///   no placeholder for.
    public func text(_ name: String, _ values: [String: String] = [:]) throws(ProseError) -> String {
        guard let passage = passages[name] else { throw .missingPassage(name) }
        var result = ""
        var used = Set<String>()
        var rest = passage[...]
        while let open = rest.firstIndex(of: "{") {
            result.append(contentsOf: rest[..<open])
            let afterOpen = rest.index(after: open)
            guard let placeholder = Self.placeholder(in: rest[afterOpen...]) else {
                result.append("{")
                rest = rest[afterOpen...]
                continue
            }
            guard let value = values[placeholder] else { throw .missingValue(passage: name, placeholder: placeholder) }
            result += value
            used.insert(placeholder)
            rest = rest[rest.index(afterOpen, offsetBy: placeholder.count + 1)...]
        }
        result.append(contentsOf: rest)
        if let unused = values.keys.filter({ !used.contains($0) }).sorted().first {
            throw .unusedValue(passage: name, name: unused)
        }
        return result
    }

    /// The placeholder's name if `text` (just after a `{`) starts with one: a
    /// letter, then letters and digits, then `}`.
    private static func placeholder(in text: Substring) -> String? {
        var name = ""
        for character in text {
            if character == "}" { return name.isEmpty ? nil : name }
            let isLetter = character.isASCII && character.isLetter
            guard isLetter || (!name.isEmpty && character.isASCII && character.isNumber) else { return nil }
            name.append(character)
        }
        return nil
    }
}

/// What went wrong reading or filling the reports' prose; each names the
/// passage or file.
public enum ProseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A prose file breaks the format (see ``Prose``).
    case malformed(file: String, line: Int, reason: String)
    /// No passage has this name.
    case missingPassage(String)
    /// The passage has a placeholder the caller gave no value for.
    case missingValue(passage: String, placeholder: String)
    /// The caller gave a value the passage has no placeholder for.
    case unusedValue(passage: String, name: String)

    public var description: String {
        switch self {
        case let .malformed(file, line, reason): return "the prose text '\(file)', line \(line): \(reason)"
        case .missingPassage(let name): return "no prose passage named '\(name)'"
        case let .missingValue(passage, placeholder): return "the prose passage '\(passage)' needs a value for {\(placeholder)}"
        case let .unusedValue(passage, name): return "the prose passage '\(passage)' has no placeholder {\(name)} for the value given"
        }
    }
}
