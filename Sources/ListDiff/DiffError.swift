/// How the diff treats an identifier that occurs more than once in one list.
public enum DuplicatePolicy: Sendable, Equatable {
    /// Duplicates are an error: the diff throws ``DiffError/duplicateIdentifiers(_:)``
    /// listing every duplicated identifier. This is what `NSDiffableDataSourceSnapshot`
    /// needs, since Apple treats duplicates as fatal.
    case strict
    /// Duplicates are tolerated, deterministically: the k-th occurrence of an
    /// identifier in the old list is paired with the k-th occurrence in the new
    /// list; surplus old occurrences are deleted and surplus new ones inserted.
    /// The result is always a valid update, though not always the smallest.
    case bestEffort
}

/// Which list of a diff an identifier came from.
public enum DiffSide: String, Sendable, Equatable {
    case old
    case new
}

/// Whether a duplicated identifier names a section or an item.
public enum IdentifierKind: String, Sendable, Equatable {
    case section
    case item
}

/// The identifiers that occur more than once in one list.
public struct DuplicateReport: Sendable, Equatable {
    public var kind: IdentifierKind
    public var side: DiffSide
    /// Each duplicated identifier once, described with `String(describing:)`,
    /// in the order of its first occurrence.
    public var identifiers: [String]
    /// For each entry of ``identifiers``, the flat index of its first occurrence.
    public var firstIndices: [Int]

    public init(kind: IdentifierKind, side: DiffSide, identifiers: [String], firstIndices: [Int]) {
        self.kind = kind
        self.side = side
        self.identifiers = identifiers
        self.firstIndices = firstIndices
    }
}

/// Why a diff could not be computed.
public enum DiffError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Under ``DuplicatePolicy/strict``, an identifier occurred more than once.
    /// Reports come sections first, then items; within each, the old side first.
    case duplicateIdentifiers([DuplicateReport])
    /// A list longer than the engine's 32-bit indexes allow (2,147,483,646 elements).
    case tooManyElements(count: Int, limit: Int)

    public var description: String {
        switch self {
        case .duplicateIdentifiers(let reports):
            let parts = reports.map { report in
                "\(report.side.rawValue) \(report.kind.rawValue) identifiers are not unique: "
                    + report.identifiers.joined(separator: ", ")
            }
            return parts.joined(separator: "; ")
        case .tooManyElements(let count, let limit):
            return "cannot diff \(count) elements: the limit is \(limit)"
        }
    }
}
