import Foundation

/// A parsed JSON value: what ``StrictJSON`` decodes from.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number, and its value as a whole number when it was written as one
    /// that fits in an `Int64` (`3`, not `3.0`).
    case number(Double, integer: Int64?)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// What the value is, as messages name it: `2.5`, `text "abc"`, `an object`.
    public var shown: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case let .number(value, integer): return integer.map(String.init) ?? "\(value)"
        case .string(let text): return "text \"\(PrintableText.escaped(PrintableText.truncated(text)))\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

/// Why ``StrictJSON`` refused a document. ``description`` is the one message
/// a command prints (after naming the file).
public enum StrictJSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not JSON at all: empty, truncated, or a syntax error (the parser's words).
    case syntax(String)
    /// A key the type requires is not there (its JSON path).
    case missingKey(path: String)
    /// A key the type does not have, with the nearest known one (`"; did you mean 'x'?"` or nothing)
    /// and the keys allowed in that object when known.
    case unknownKey(path: String, suggestion: String, allowed: [String]?)
    /// A value of the wrong kind: a fraction where a whole number is expected, text for a number, ….
    case wrongKind(path: String, expected: String, found: String)
    /// A value the type itself refused (its own `init(from:)`), with its words.
    case invalid(path: String, message: String)

    public var description: String {
        switch self {
        case .syntax(let detail): return "not valid JSON: \(detail)"
        case .missingKey(let path): return "missing key '\(path)'"
        case let .unknownKey(path, suggestion, allowed):
            return "unknown key '\(PrintableText.escaped(PrintableText.truncated(path)))'\(suggestion)"
                + (allowed.map { " (allowed here: \($0.joined(separator: ", ")))" } ?? "")
        case let .wrongKind(path, expected, found): return "at \(Self.shown(path)): expected \(expected), found \(found)"
        case let .invalid(path, message): return "at \(Self.shown(path)): \(message)"
        }
    }

    /// The JSON path, as messages show it: `'costs.viewBytes'`, or the top level.
    public static func shown(_ path: String) -> String { path.isEmpty ? "the top level" : "'\(path)'" }

    /// The JSON path of a value this error names.
    public var path: String {
        switch self {
        case .syntax: return ""
        case .missingKey(let path), .unknownKey(let path, _, _), .wrongKind(let path, _, _), .invalid(let path, _): return path
        }
    }
}

/// Decodes `Decodable` values from JSON, naming the JSON path of every
/// problem: a missing key, a value of the wrong kind (a fraction where a
/// whole number is expected: `JSONDecoder` reports that as "not valid JSON",
/// at no path), a value a type refuses and, when asked, a key the type does
/// not read.
///
/// Numbers are parsed by `JSONSerialization`. Caveat: on Linux it is not
/// always correctly rounded (`0.9962640099626401` reads one unit in the last
/// place high, where `JSONDecoder` and `Double(String)` are exact), so a
/// figure read back from a report may differ from the one written by that
/// much (`BaselineCheck` compares figures with that allowance); a whole
/// number is accepted for an integer type when
/// it is written as one or as an integral fraction (`2.0`) in the type's range.
public enum StrictJSON {
    /// What to do with keys a type does not read.
    public enum UnknownKeys: Sendable {
        /// Leave them (reports: another version may add fields).
        case ignored
        /// Refuse the first, in sorted order, with the nearest known key suggested (files a person writes).
        case refused
    }

    /// What to do with a `null` where the type reads an optional value.
    public enum Nulls: Sendable {
        /// Take it as no value (`decodeIfPresent` gives nil), as `JSONDecoder` does.
        case allowed
        /// Refuse it, naming its path: for documents whose writer leaves a
        /// value it does not have out, and never writes `null` (reports).
        case refused
    }

    /// Parses a document.
    ///
    /// - Complexity: O(n) in the document's size.
    /// - Throws: ``StrictJSONError/syntax(_:)`` with the parser's words; an
    ///   empty or truncated document says so.
    public static func parse(_ data: Data) throws(StrictJSONError) -> JSONValue {
        guard data.contains(where: { !" \t\r\n".utf8.contains($0) }) else { throw .syntax("the file is empty") }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let words = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
            if words.lowercased().contains("unexpected end of file") {
                throw .syntax("it ends in the middle of a value; is the file truncated?")
            }
            let trimmed = words.hasSuffix(".") ? String(words.dropLast()) : words
            throw .syntax(trimmed.prefix(1).lowercased() + trimmed.dropFirst())
        }
        return try value(object, path: "")
    }

    /// Decodes a `T` from a document.
    ///
    /// - Complexity: O(n) in the document's size, plus `T`'s own decoding.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, unknownKeys: UnknownKeys,
                                            nulls: Nulls = .allowed) throws(StrictJSONError) -> T {
        try decode(type, from: try parse(data), unknownKeys: unknownKeys, nulls: nulls)
    }

    /// Decodes a `T` from a parsed value.
    ///
    /// - Parameter nulls: with ``Nulls/refused``, a `null` that the type reads
    ///   (an optional value's key) is ``StrictJSONError/wrongKind(path:expected:found:)``
    ///   at its path; a `null` under a key the type does not read is not looked at.
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, unknownKeys: UnknownKeys,
                                            nulls: Nulls = .allowed) throws(StrictJSONError) -> T {
        let log = KeyLog(refusing: unknownKeys == .refused, refusingNulls: nulls == .refused)
        let decoded: T
        do {
            decoded = try T(from: TreeDecoder(value: value, codingPath: [], log: log))
        } catch let error as StrictJSONError {
            throw error
        } catch let DecodingError.keyNotFound(key, context) {
            throw .missingKey(path: path(context.codingPath + [key]))
        } catch let DecodingError.typeMismatch(_, context) {
            throw .invalid(path: path(context.codingPath), message: context.debugDescription)
        } catch let DecodingError.valueNotFound(_, context) {
            throw .invalid(path: path(context.codingPath), message: context.debugDescription)
        } catch let DecodingError.dataCorrupted(context) {
            throw .invalid(path: path(context.codingPath), message: context.debugDescription)
        } catch {
            throw .invalid(path: "", message: String(describing: error))
        }
        if unknownKeys == .refused, let stray = log.firstUnknown(in: value, at: "") { throw stray }
        return decoded
    }

    /// A coding path as a JSON path: `scenarios[0].results[1].metrics.completionMs`.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let index = key as? IndexKey {
                out += "[\(index.index)]"
            } else {
                out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return out
    }

    /// The parsed object of `JSONSerialization` as a ``JSONValue``.
    private static func value(_ object: Any, path: String) throws(StrictJSONError) -> JSONValue {
        switch object {
        case is NSNull: return .null
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "d", "f":
                let double = number.doubleValue
                return .number(double, integer: nil)
            case "Q", "L", "I", "S", "C":
                let unsigned = number.uint64Value
                return .number(number.doubleValue, integer: unsigned <= UInt64(Int64.max) ? Int64(unsigned) : nil)
            default: return .number(number.doubleValue, integer: number.int64Value)
            }
        case let text as String: return .string(text)
        case let items as [Any]:
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() { values.append(try value(item, path: "\(path)[\(index)]")) }
            return .array(values)
        case let members as [String: Any]:
            var values: [String: JSONValue] = [:]
            values.reserveCapacity(members.count)
            for (key, item) in members { values[key] = try value(item, path: path.isEmpty ? key : "\(path).\(key)") }
            return .object(values)
        default:
            throw .invalid(path: path, message: "a value JSON does not have (\(type(of: object)))")
        }
    }
}

/// An array index in a coding path.
struct IndexKey: CodingKey {
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { index = intValue }
}

/// The keys each object was asked for while decoding, by the object's path.
/// Used by one decode, on one thread.
final class KeyLog {
    let refusing: Bool
    /// Whether a `null` read for an optional value is refused (``StrictJSON/Nulls/refused``).
    let refusingNulls: Bool
    private(set) var asked: [String: Set<String>] = [:]

    init(refusing: Bool, refusingNulls: Bool = false) {
        self.refusing = refusing
        self.refusingNulls = refusingNulls
    }

    /// An object at `path` was opened for its keys.
    func opened(_ path: String) {
        if asked[path] == nil { asked[path] = [] }
    }

    func ask(_ key: String, at path: String) { asked[path, default: []].insert(key) }

    /// The first key, in sorted order and depth first, of an object that was
    /// decoded but never asked for that key.
    func firstUnknown(in value: JSONValue, at path: String) -> StrictJSONError? {
        switch value {
        case .object(let members):
            let keys = members.keys.sorted()
            if let known = asked[path] {
                for key in keys where !known.contains(key) {
                    let allowed = known.sorted()
                    return .unknownKey(path: path.isEmpty ? key : "\(path).\(key)", suggestion: Suggestion.didYouMean(key, in: allowed),
                                       allowed: allowed)
                }
            }
            for key in keys {
                guard let member = members[key] else { continue }
                if let found = firstUnknown(in: member, at: path.isEmpty ? key : "\(path).\(key)") { return found }
            }
            return nil
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = firstUnknown(in: item, at: "\(path)[\(index)]") { return found }
            }
            return nil
        case .null, .bool, .number, .string:
            return nil
        }
    }
}

/// A `Decoder` over a ``JSONValue``: every error carries the value's JSON path.
struct TreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let log: KeyLog
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var path: String { StrictJSON.path(codingPath) }

    func wrongKind(_ expected: String) -> StrictJSONError { .wrongKind(path: path, expected: expected, found: value.shown) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw wrongKind("an object") }
        log.opened(path)
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw wrongKind("a list") }
        return UnkeyedContainer(items: items, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValue(decoder: self) }

    // MARK: - Scalars

    func bool() throws -> Bool {
        guard case .bool(let flag) = value else { throw wrongKind("true or false") }
        return flag
    }

    func string() throws -> String {
        guard case .string(let text) = value else { throw wrongKind("text") }
        return text
    }

    func double() throws -> Double {
        guard case .number(let number, _) = value else { throw wrongKind("a number") }
        return number
    }

    func float() throws -> Float {
        let number = try double()
        guard abs(number) <= Double(Float.greatestFiniteMagnitude) else { throw wrongKind("a number in Float's range") }
        return Float(number)
    }

    /// A whole number in `I`'s range, written as one (`3`) or as an integral fraction (`3.0`).
    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case let .number(number, integer) = value else { throw wrongKind("a whole number") }
        if let integer, let exact = I(exactly: integer) { return exact }
        if integer == nil, number == number.rounded(), let exact = I(exactly: number) { return exact }
        if integer != nil || number == number.rounded() {
            throw wrongKind(I.isSigned ? "a whole number in \(I.min)...\(I.max)" : "a whole number in 0...\(I.max)")
        }
        throw wrongKind("a whole number")
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let decoder: TreeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.keys.sorted().compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        decoder.log.ask(key.stringValue, at: decoder.path)
        return members[key.stringValue] != nil
    }

    /// The decoder of a key's value; a missing key is named with its path,
    /// or, when a key the type does not know is a near miss of it, that key
    /// is named instead ("did you mean …").
    func child(_ key: Key) throws -> TreeDecoder {
        decoder.log.ask(key.stringValue, at: decoder.path)
        guard let value = members[key.stringValue] else {
            let here = decoder.path
            if decoder.log.refusing {
                for stray in members.keys.sorted() where Key(stringValue: stray) == nil {
                    if Suggestion.closest(to: stray, in: [key.stringValue]) != nil {
                        throw StrictJSONError.unknownKey(path: here.isEmpty ? stray : "\(here).\(stray)",
                                                         suggestion: Suggestion.didYouMean(stray, in: [key.stringValue]), allowed: nil)
                    }
                }
            }
            throw StrictJSONError.missingKey(path: StrictJSON.path(codingPath + [key]))
        }
        return TreeDecoder(value: value, codingPath: codingPath + [key], log: decoder.log)
    }

    /// Whether the key's value is `null`; with nulls refused, a `null` is an
    /// error naming its path (a report writes a value or leaves its key out).
    func decodeNil(forKey key: Key) throws -> Bool {
        let value = try child(key)
        guard value.value == .null else { return false }
        if decoder.log.refusingNulls { throw value.wrongKind("a value (a report leaves out a value it does not have)") }
        return true
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).bool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).string() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).double() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).float() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).integer(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).integer(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).integer(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).integer(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).integer(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).integer(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).integer(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).integer(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).integer(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).integer(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: child(key)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let decoder: TreeDecoder
    private(set) var currentIndex = 0

    init(items: [JSONValue], decoder: TreeDecoder) {
        self.items = items
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The decoder of the next item; past the end is an error naming the list.
    mutating func next() throws -> TreeDecoder {
        guard !isAtEnd else {
            throw StrictJSONError.invalid(path: decoder.path, message: "the list has \(items.count) items; more were expected")
        }
        defer { currentIndex += 1 }
        return TreeDecoder(value: items[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)], log: decoder.log)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().bool() }
    mutating func decode(_ type: String.Type) throws -> String { try next().string() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().double() }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().float() }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().integer(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleValue: SingleValueDecodingContainer {
    let decoder: TreeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool() }
    func decode(_ type: String.Type) throws -> String { try decoder.string() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.double() }
    func decode(_ type: Float.Type) throws -> Float { try decoder.float() }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
}
