import ListData
/// Reads one JSON object of a scenario, field by field, keeping the JSON
/// path for messages and refusing keys it was not asked about.
///
/// Call ``finish()`` after the last field: any key not read is an error,
/// with the closest known key suggested.
struct JSONReader {
    let node: JSONNode
    let path: String
    private let members: [(key: String, node: JSONNode)]
    private var asked: [String] = []

    init(_ node: JSONNode, path: String) throws(ScenarioError) {
        guard case .object(let members) = node.value else {
            throw Self.error(node, path, .expected(.object, found: node.kind))
        }
        self.node = node
        self.path = path
        self.members = members
    }

    static func error(_ node: JSONNode, _ path: String, _ problem: ScenarioProblem) -> ScenarioError {
        .invalid(path: path, line: node.line, column: node.column, problem: problem)
    }

    func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The raw node of a key, if present.
    mutating func node(_ key: String) -> JSONNode? {
        asked.append(key)
        return members.first { $0.key == key }?.node
    }

    /// Rejects keys that were not read.
    func finish() throws(ScenarioError) {
        for (key, node) in members where !asked.contains(key) {
            throw Self.error(node, childPath(key), .unknownKey(key, allowed: asked))
        }
    }

    // MARK: - Typed fields

    mutating func required(_ key: String) throws(ScenarioError) -> JSONNode {
        guard let value = node(key) else { throw Self.error(node, childPath(key), .missingKey(key)) }
        return value
    }

    mutating func string(_ key: String) throws(ScenarioError) -> String {
        try Self.string(try required(key), childPath(key))
    }

    mutating func optionalString(_ key: String) throws(ScenarioError) -> String? {
        guard let value = node(key) else { return nil }
        return try Self.string(value, childPath(key))
    }

    mutating func double(_ key: String, in range: ClosedRange<Double>, default fallback: Double? = nil)
        throws(ScenarioError) -> Double {
        guard let value = node(key) else {
            guard let fallback else { throw Self.error(node, childPath(key), .missingKey(key)) }
            return fallback
        }
        return try Self.double(value, childPath(key), in: range)
    }

    mutating func optionalDouble(_ key: String, in range: ClosedRange<Double>) throws(ScenarioError) -> Double? {
        guard let value = node(key) else { return nil }
        return try Self.double(value, childPath(key), in: range)
    }

    mutating func int(_ key: String, in range: ClosedRange<Int>, default fallback: Int? = nil)
        throws(ScenarioError) -> Int {
        guard let value = node(key) else {
            guard let fallback else { throw Self.error(node, childPath(key), .missingKey(key)) }
            return fallback
        }
        return try Self.int(value, childPath(key), in: range)
    }

    mutating func bool(_ key: String, default fallback: Bool) throws(ScenarioError) -> Bool {
        guard let value = node(key) else { return fallback }
        guard case .bool(let flag) = value.value else {
            throw Self.error(value, childPath(key), .expected(.boolean, found: value.kind))
        }
        return flag
    }

    /// An array's elements with their paths.
    mutating func array(_ key: String, maximum: Int) throws(ScenarioError) -> [(node: JSONNode, path: String)] {
        guard let value = node(key) else { return [] }
        return try Self.array(value, childPath(key), maximum: maximum)
    }

    /// A string naming one case of `T` (its raw value), e.g. a step's `kind`.
    mutating func choice<T: CaseIterable & RawRepresentable>(_ key: String, of type: T.Type) throws(ScenarioError) -> T
        where T.RawValue == String {
        try Self.choice(try required(key, oneOf: T.allCases.map(\.rawValue)), childPath(key), of: type)
    }

    /// A string naming one case of `T`, or `fallback` when the key is absent.
    mutating func choice<T: CaseIterable & RawRepresentable>(_ key: String, of type: T.Type, default fallback: T)
        throws(ScenarioError) -> T where T.RawValue == String {
        guard let value = node(key) else { return fallback }
        return try Self.choice(value, childPath(key), of: type)
    }

    /// The node of a required key whose value is one of `choices` (named in the message when it is missing).
    private mutating func required(_ key: String, oneOf choices: [String]) throws(ScenarioError) -> JSONNode {
        guard let value = node(key) else {
            throw Self.error(node, childPath(key), .missingChoice(key, choices: choices))
        }
        return value
    }

    // MARK: - Values

    /// A string value. Scenario text is printable: a control character
    /// (an escape sequence, a line break) is refused with its position, so
    /// no name can reach a terminal or a Markdown heading with one.
    static func string(_ value: JSONNode, _ path: String) throws(ScenarioError) -> String {
        guard case .string(let text) = value.value else {
            throw error(value, path, .expected(.string, found: value.kind))
        }
        if let control = PrintableText.firstControl(in: text) {
            throw error(value, path, .controlCharacter(control.scalar, character: control.offset + 1))
        }
        return text
    }

    static func double(_ value: JSONNode, _ path: String, in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        guard case .number(let number) = value.value else {
            throw error(value, path, .expected(.number, found: value.kind))
        }
        guard range.contains(number) else { throw error(value, path, .outOfRange(number, allowed: range)) }
        return number
    }

    static func int(_ value: JSONNode, _ path: String, in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        guard case .number(let number) = value.value else {
            throw error(value, path, .expected(.wholeNumber, found: value.kind))
        }
        guard number.rounded() == number else { throw error(value, path, .notWhole(number)) }
        // A whole number too large for the range (or for Int) is out of range, not "not whole".
        guard abs(number) < 9.0e15 else { throw error(value, path, .wholeOutOfRange(number, allowed: range)) }
        let whole = Int(number)
        guard range.contains(whole) else { throw error(value, path, .wholeOutOfRange(number, allowed: range)) }
        return whole
    }

    static func array(_ value: JSONNode, _ path: String, maximum: Int) throws(ScenarioError) -> [(node: JSONNode, path: String)] {
        guard case .array(let elements) = value.value else {
            throw error(value, path, .expected(.array, found: value.kind))
        }
        guard elements.count <= maximum else { throw error(value, path, .tooManyElements(elements.count, limit: maximum)) }
        return elements.enumerated().map { ($1, "\(path)[\($0)]") }
    }

    static func choice(_ value: JSONNode, _ path: String, _ choices: [String]) throws(ScenarioError) -> String {
        let text = try string(value, path)
        guard choices.contains(text) else { throw error(value, path, .notOneOf(text, choices: choices)) }
        return text
    }

    /// The case of `T` whose raw value `value` names; any other string is
    /// rejected with the choices and the closest one, as ``choice(_:_:_:)``.
    static func choice<T: CaseIterable & RawRepresentable>(_ value: JSONNode, _ path: String, of type: T.Type)
        throws(ScenarioError) -> T where T.RawValue == String {
        let text = try string(value, path)
        for candidate in T.allCases where candidate.rawValue == text { return candidate }
        throw error(value, path, .notOneOf(text, choices: T.allCases.map(\.rawValue)))
    }

    /// A number as messages show it: whole numbers below 10¹⁵ without a fraction.
    static func format(_ number: Double) -> String { ScenarioProblem.format(number) }
}
