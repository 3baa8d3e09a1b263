/// A compact binary encoding for listbench's own values, used to hand a
/// generated scenario from the parent process to an isolated worker
/// without generating it again.
///
/// Whole numbers are LEB128 varints (signed ones zigzag-encoded), doubles
/// their 8 IEEE 754 bytes (little-endian, so every value, NaN payloads
/// included, comes back bit for bit), strings a length and their UTF-8.
/// A million items take about 10 MB and decode in a few tens of
/// milliseconds, where JSON would take seconds.
///
/// The format is private to one build of listbench (a parent and the
/// workers it starts are the same binary); it carries a magic number and a
/// version so that anything else is rejected with a message, never misread.
public struct ByteWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// - Complexity: O(1) amortized.
    public mutating func write(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// A signed whole number, zigzag-encoded (small magnitudes take one byte).
    public mutating func write(_ value: Int) {
        let wide = Int64(value)
        write(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    public mutating func write(_ value: Double) {
        var bits = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    public mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    public mutating func write(byte: UInt8) { bytes.append(byte) }

    public mutating func write(_ value: String) {
        let utf8 = Array(value.utf8)
        write(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    /// Bytes another writer wrote, as they are (no length in front): a part
    /// encoded once and written into several enclosing forms.
    public mutating func append(encoded: [UInt8]) { bytes.append(contentsOf: encoded) }

    /// Raw bytes with their length in front.
    public mutating func write(blob: [UInt8]) {
        write(UInt64(blob.count))
        bytes.append(contentsOf: blob)
    }

    public mutating func write(_ value: Double?) {
        write(value != nil)
        if let value { write(value) }
    }

    /// An optional whole number: a flag, then the number when there is one.
    public mutating func write(optional value: Int?) { write(optional: value) { $0.write($1) } }

    /// An optional text: a flag, then the text when there is one.
    public mutating func write(optional value: String?) { write(optional: value) { $0.write($1) } }

    /// An optional value: a flag, then the value as `body` writes it when there is one.
    public mutating func write<T>(optional value: T?, _ body: (inout ByteWriter, T) -> Void) {
        write(value != nil)
        if let value { body(&self, value) }
    }

    /// A count, then each element as `body` writes it.
    public mutating func write<C: Collection>(_ elements: C, _ body: (inout ByteWriter, C.Element) -> Void) {
        write(UInt64(elements.count))
        for element in elements { body(&self, element) }
    }
}

/// Why bytes could not be read back.
public struct BinaryDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

/// Reads what a ``ByteWriter`` wrote, checking every length against the
/// bytes that remain, so that damaged input is an error, never a trap or a
/// huge allocation.
public struct ByteReader: Sendable {
    private let bytes: [UInt8]
    public private(set) var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { offset == bytes.count }

    /// Whether the bytes not read yet are exactly `encoded`.
    ///
    /// - Complexity: O(remaining bytes), eight at a time (a generic
    ///   `elementsEqual` of a slice went a byte at a time through its
    ///   iterator: 1% of a modeled matrix's CPU in its workers).
    public func remainderEquals(_ encoded: [UInt8]) -> Bool {
        guard bytes.count - offset == encoded.count else { return false }
        let start = offset
        return bytes.withUnsafeBytes { mine in
            encoded.withUnsafeBytes { theirs in
                var index = 0
                while index + 8 <= theirs.count {
                    guard mine.loadUnaligned(fromByteOffset: start + index, as: UInt64.self)
                        == theirs.loadUnaligned(fromByteOffset: index, as: UInt64.self) else { return false }
                    index += 8
                }
                while index < theirs.count {
                    guard mine[start + index] == theirs[index] else { return false }
                    index += 1
                }
                return true
            }
        }
    }

    /// Takes every byte not read yet as read.
    public mutating func skipToEnd() { offset = bytes.count }

    public func failure(_ what: String) -> BinaryDecodingError {
        BinaryDecodingError("\(what) at byte \(offset) of \(bytes.count)")
    }

    public mutating func byte() throws(BinaryDecodingError) -> UInt8 {
        guard offset < bytes.count else { throw failure("unexpected end") }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func unsigned() throws(BinaryDecodingError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw failure("a whole number longer than 64 bits") }
            value |= UInt64(next & 0x7F) << shift
            if next & 0x80 == 0 { return value }
            shift += 7
        }
    }

    public mutating func int() throws(BinaryDecodingError) -> Int {
        let raw = try unsigned()
        let wide = Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
        guard let value = Int(exactly: wide) else { throw failure("a whole number out of range") }
        return value
    }

    /// A count of things that each take at least `minimumBytes`: checked against what remains.
    public mutating func count(minimumBytes: Int = 1) throws(BinaryDecodingError) -> Int {
        let raw = try unsigned()
        guard raw <= UInt64(bytes.count - offset) / UInt64(max(1, minimumBytes)) else {
            throw failure("a count of \(raw) past the end of the data")
        }
        return Int(raw)
    }

    public mutating func double() throws(BinaryDecodingError) -> Double {
        guard bytes.count - offset >= 8 else { throw failure("unexpected end") }
        var bits: UInt64 = 0
        for index in (0..<8).reversed() { bits = bits << 8 | UInt64(bytes[offset + index]) }
        offset += 8
        return Double(bitPattern: bits)
    }

    public mutating func bool() throws(BinaryDecodingError) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        case let other: throw failure("\(other) is not a boolean")
        }
    }

    public mutating func string() throws(BinaryDecodingError) -> String {
        let length = try count()
        defer { offset += length }
        guard let text = String(validating: bytes[offset..<(offset + length)], as: UTF8.self) else {
            throw failure("a string that is not UTF-8")
        }
        return text
    }

    public mutating func blob() throws(BinaryDecodingError) -> [UInt8] {
        let length = try count()
        defer { offset += length }
        return Array(bytes[offset..<(offset + length)])
    }

    public mutating func optionalDouble() throws(BinaryDecodingError) -> Double? {
        try bool() ? try double() : nil
    }

    /// What ``ByteWriter/write(optional:)-(Int?)`` wrote.
    public mutating func optionalInt() throws(BinaryDecodingError) -> Int? {
        try optional { reader throws(BinaryDecodingError) in try reader.int() }
    }

    /// What ``ByteWriter/write(optional:)-(String?)`` wrote.
    public mutating func optionalString() throws(BinaryDecodingError) -> String? {
        try optional { reader throws(BinaryDecodingError) in try reader.string() }
    }

    /// What ``ByteWriter/write(optional:_:)`` wrote: nil, or the value `body` reads.
    public mutating func optional<T>(_ body: (inout ByteReader) throws(BinaryDecodingError) -> T) throws(BinaryDecodingError) -> T? {
        try bool() ? try body(&self) : nil
    }

    /// A value of a string-backed enumeration, written as its raw value;
    /// refused when no case has it.
    public mutating func raw<T: RawRepresentable>(_ type: T.Type) throws(BinaryDecodingError) -> T where T.RawValue == String {
        let text = try string()
        guard let value = T(rawValue: text) else { throw failure("'\(text)' is not a \(T.self) of this build") }
        return value
    }

    /// What ``ByteWriter/write(_:_:)`` wrote: a count (checked against the bytes
    /// left, each element taking at least `minimumBytes`), then each element.
    public mutating func array<T>(
        minimumBytes: Int = 1, _ element: (inout ByteReader) throws(BinaryDecodingError) -> T
    ) throws(BinaryDecodingError) -> [T] {
        let count = try count(minimumBytes: minimumBytes)
        var elements: [T] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try element(&self)) }
        return elements
    }

    /// Checks a magic number and format version written by ``ByteWriter/writeHeader(_:version:)``.
    public mutating func readHeader(_ magic: String, version: Int) throws(BinaryDecodingError) {
        let found = try blob()
        guard found == Array(magic.utf8) else { throw failure("not a \(magic) file") }
        let foundVersion = try int()
        guard foundVersion == version else {
            throw failure("\(magic) format version \(foundVersion); this build reads version \(version)")
        }
    }
}

extension ByteWriter {
    /// A magic number and a format version, checked by ``ByteReader/readHeader(_:version:)``.
    public mutating func writeHeader(_ magic: String, version: Int) {
        write(blob: Array(magic.utf8))
        write(version)
    }
}

// MARK: - The data vocabulary

extension Item {
    /// The fewest bytes an encoded item takes (seven one-byte fields).
    static let minimumEncodedBytes = 7

    public func encode(to writer: inout ByteWriter) {
        writer.write(id)
        writer.write(version)
        guard let code = ItemKind.allCases.firstIndex(of: kind) else { preconditionFailure("ItemKind.allCases lacks \(kind)") }
        // A designed item's kind follows the built-in ones (built-in items encode as they always did).
        writer.write(UInt64(designIndex.map { ItemKind.allCases.count + $0 } ?? code))
        writer.write(textLength)
        writer.write(photos)
        writer.write(byte: (linkCard ? 1 : 0) | (video ? 2 : 0) | (reactions ? 4 : 0))
        writer.write(commentPreviews)
    }

    public init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        let id = try reader.int()
        let version = try reader.int()
        let kindIndex = try reader.unsigned()
        let builtIn = UInt64(ItemKind.allCases.count)
        guard kindIndex < builtIn + UInt64(KindSet.maximumKinds) else { throw reader.failure("unknown item kind \(kindIndex)") }
        let textLength = try reader.int()
        guard Item.textLengths.contains(textLength) else { throw reader.failure("item text length \(textLength) out of range") }
        let photos = try reader.int()
        guard Item.counts.contains(photos) else { throw reader.failure("item photo count \(photos) out of range") }
        let flags = try reader.byte()
        guard flags < 8 else { throw reader.failure("unknown item flags \(flags)") }
        let commentPreviews = try reader.int()
        guard Item.counts.contains(commentPreviews) else { throw reader.failure("item comment preview count \(commentPreviews) out of range") }
        self.init(
            id: id, version: version, kind: kindIndex < builtIn ? ItemKind.allCases[Int(kindIndex)] : .post, textLength: textLength,
            photos: photos, linkCard: flags & 1 != 0, video: flags & 2 != 0, commentPreviews: commentPreviews, reactions: flags & 4 != 0,
            design: kindIndex < builtIn ? 0 : UInt16(kindIndex - builtIn + 1))
    }
}

extension DataSection {
    public func encode(to writer: inout ByteWriter) {
        writer.write(id)
        writer.write(items) { $1.encode(to: &$0) }
    }

    /// Reads a section back, its items straight into the list's leaves
    /// (``TreeList/init(count:_:)``): no array of every item first, which a
    /// worker's plan of a large list had copied once more, into fresh pages.
    public init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        let id = try reader.string()
        let count = try reader.count(minimumBytes: Item.minimumEncodedBytes)
        self.init(id: id, items: try TreeList(count: count) { () throws(BinaryDecodingError) -> Item in try Item(from: &reader) })
    }
}

extension Array where Element == DataSection {
    public func encode(to writer: inout ByteWriter) {
        writer.write(self) { $1.encode(to: &$0) }
    }

    public init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        self = try reader.array(minimumBytes: 2) { reader throws(BinaryDecodingError) in try DataSection(from: &reader) }
    }
}

extension DataChange {
    public func encode(to writer: inout ByteWriter) {
        switch self {
        case let .insert(section, index, item):
            writer.write(byte: 0)
            writer.write(section)
            writer.write(index)
            item.encode(to: &writer)
        case let .delete(id, section, index):
            writer.write(byte: 1)
            writer.write(id)
            writer.write(section)
            writer.write(index)
        case let .move(id, fromSection, fromIndex, section, index):
            writer.write(byte: 2)
            writer.write(id)
            writer.write(fromSection)
            writer.write(fromIndex)
            writer.write(section)
            writer.write(index)
        case let .update(id, section, index, version, textLength):
            writer.write(byte: 3)
            writer.write(id)
            writer.write(section)
            writer.write(index)
            writer.write(version)
            writer.write(textLength)
        case .state(let sections):
            writer.write(byte: 4)
            sections.encode(to: &writer)
        case let .append(section, items):
            writer.write(byte: 5)
            writer.write(section)
            writer.write(items) { $1.encode(to: &$0) }
        case let .prepend(section, items):
            writer.write(byte: 6)
            writer.write(section)
            writer.write(items) { $1.encode(to: &$0) }
        }
    }

    public init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        switch try reader.byte() {
        case 0:
            self = .insert(section: try reader.int(), index: try reader.int(), item: try Item(from: &reader))
        case 1:
            self = .delete(id: try reader.int(), section: try reader.int(), index: try reader.int())
        case 2:
            self = .move(id: try reader.int(), fromSection: try reader.int(), fromIndex: try reader.int(),
                         section: try reader.int(), index: try reader.int())
        case 3:
            let (id, section, index, version) = (try reader.int(), try reader.int(), try reader.int(), try reader.int())
            let textLength = try reader.int()
            // An update sets its item's text length: one the item cannot hold is refused here, not trapped on when applied.
            guard Item.textLengths.contains(textLength) else { throw reader.failure("update text length \(textLength) out of range") }
            self = .update(id: id, section: section, index: index, version: version, textLength: textLength)
        case 4:
            self = .state(try [DataSection](from: &reader))
        case 5:
            let section = try reader.int()
            self = .append(section: section, items: try reader.array(minimumBytes: Item.minimumEncodedBytes) {
                reader throws(BinaryDecodingError) in try Item(from: &reader)
            })
        case 6:
            let section = try reader.int()
            self = .prepend(section: section, items: try reader.array(minimumBytes: Item.minimumEncodedBytes) {
                reader throws(BinaryDecodingError) in try Item(from: &reader)
            })
        case let tag:
            throw reader.failure("unknown change kind \(tag)")
        }
    }
}
