import ListData

/// A value of a scenario file named by its JSON path (`world[0].everyMs`,
/// `paging.latencyMs`, `data.sections[1].generate`), as `sweep --set` takes it.
public struct ScenarioPath: Equatable, Sendable, CustomStringConvertible {
    /// One step of a path: a member of an object, or an element of an array.
    public enum Component: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    /// The keys of a scenario file's top-level object: a path starts with one
    /// (so `identifier-diff.updates`, a strategy's option, is not a path).
    public static let topLevelKeys = ["version", "name", "description", "reproduces", "device", "seed", "data", "paging", "world", "steps"]

    /// Parses `key(.key|[index])*`; nil for text that is not such a path or
    /// does not start with a top-level key.
    ///
    /// - Complexity: O(n) in the text's length.
    public init?(parsing text: String) {
        var components: [Component] = []
        var characters = Substring(text)
        while !characters.isEmpty {
            if characters.first == "[" {
                guard let close = characters.firstIndex(of: "]"), let index = Int(characters[characters.index(after: characters.startIndex)..<close]),
                      index >= 0, !components.isEmpty else { return nil }
                components.append(.index(index))
                characters = characters[characters.index(after: close)...]
            } else {
                if !components.isEmpty {
                    guard characters.first == "." else { return nil }
                    characters = characters.dropFirst()
                }
                let key = characters.prefix { $0 != "." && $0 != "[" }
                guard !key.isEmpty else { return nil }
                components.append(.key(String(key)))
                characters = characters[key.endIndex...]
            }
        }
        guard case .key(let first)? = components.first, Self.topLevelKeys.contains(first) else { return nil }
        self.components = components
    }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

/// Why a value could not be set at a path; ``description`` is the message.
public enum ScenarioPathError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file has no value at the path; `reason` says how far it goes.
    case noValue(ScenarioPath, reason: String)
    /// The file, with the value set, is not a valid scenario (the problem, with its path).
    case invalid(ScenarioPath, value: String, ScenarioError)
    /// The file itself is not a valid scenario.
    case file(ScenarioError)

    public var description: String {
        switch self {
        case let .noValue(path, reason): return "\(path): no such value in the file (\(reason))"
        case let .invalid(path, value, error): return "\(path)=\(PrintableText.truncated(value)): \(error)"
        case .file(let error): return error.description
        }
    }
}

extension Scenario {
    /// The scenario in `bytes` with the value at `path` replaced by `value`:
    /// a JSON value as written (`500`, `true`, `"feed"`), or else the text
    /// as a string. The edited file is decoded and validated as any file
    /// is, so a value out of range is refused with its path and range.
    ///
    /// - Complexity: O(n) in the file's size, plus ``decode(_:)``'s.
    /// - Throws: ``ScenarioPathError``.
    public static func decode(_ bytes: [UInt8], setting path: ScenarioPath, to value: String) throws(ScenarioPathError) -> Scenario {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch { throw .file(.syntax(message: error.message, line: error.line, column: error.column)) }
        var node = root
        var walked: [ScenarioPath.Component] = []
        for component in path.components {
            let here = walked.isEmpty ? "the file" : ScenarioPath(components: walked).description
            switch (component, node.value) {
            case let (.key(key), .object(members)):
                guard let member = members.first(where: { $0.key == key }) else {
                    throw .noValue(path, reason: "\(here) has no key '\(key)'; its keys: \(members.map(\.key).joined(separator: ", "))")
                }
                node = member.node
            case let (.index(index), .array(elements)):
                guard index < elements.count else {
                    throw .noValue(path, reason: "\(here) has \(elements.count) element\(elements.count == 1 ? "" : "s")")
                }
                node = elements[index]
            case (.key, _):
                throw .noValue(path, reason: "\(here) is \(node.kind), not an object")
            case (.index, _):
                throw .noValue(path, reason: "\(here) is \(node.kind), not an array")
            }
            walked.append(component)
        }
        var edited = Array(bytes[..<node.bytes.lowerBound])
        edited += jsonText(value)
        edited += bytes[node.bytes.upperBound...]
        do { return try decode(edited) } catch { throw .invalid(path, value: value, error) }
    }

    /// `value` as JSON: itself when it is a JSON value, else a JSON string of it.
    private static func jsonText(_ value: String) -> [UInt8] {
        let bytes = Array(value.utf8)
        do {
            _ = try JSONParser.parse(bytes)
            return bytes
        } catch {
            // Not JSON: the text is meant as a string.
        }
        return Array(("\"" + JSONText.escaped(value) + "\"").utf8)
    }
}

extension ScenarioPath {
    init(components: [Component]) { self.components = components }
}

extension ScenarioFile {
    /// Reads a scenario file and decodes it with the value at `path` set to `value`
    /// (``Scenario/decode(_:setting:to:)``).
    ///
    /// - Throws: ``ScenarioPathError``; ``ScenarioPathError/file(_:)`` for a file that cannot be read.
    public static func load(path file: String, setting path: ScenarioPath, to value: String) throws(ScenarioPathError) -> Scenario {
        let bytes: [UInt8]
        do { bytes = try read(path: file) } catch { throw .file(error) }
        return try Scenario.decode(bytes, setting: path, to: value)
    }
}
