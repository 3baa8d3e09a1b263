import ListDiff

/// A misuse of a diffable data source's snapshot that Apple treats as fatal:
/// what ``Snapshot/fault`` records, and what applying that snapshot crashes
/// with (``Inconsistency/Kind/invalidSnapshot``).
///
/// ``description`` is the message: UIKit's own words where a public source
/// quotes them, each case naming its source; the cases marked *(listbench
/// wording)* have no public text to copy. Identifiers are carried as
/// `String(describing:)` prints them, as UIKit's messages print them.
public enum SnapshotFault: Error, Equatable, Sendable, CustomStringConvertible {
    /// Which list a missing item was to be marked in.
    public enum Mark: String, Equatable, Sendable {
        /// `reloadItems`.
        case reload
        /// `reconfigureItems`.
        case reconfigure
    }

    /// Items appended to a snapshot with no section (UIKit's message,
    /// `appendItems` with no section to append to).
    case noSections
    /// Items appended to a section the snapshot lacks, or inserted next to an
    /// item it lacks (or next to one of themselves): UIKit's assertion in
    /// `_UIDiffableDataSourceUpdate.m`, quoted in public crash reports.
    case sectionNotFound
    /// Sections inserted before or after a section the snapshot lacks. *(listbench wording)*
    case unknownReferenceSection(String)
    /// A section move names a section the snapshot lacks. *(listbench wording)*
    case unknownSectionInMove(String, reference: String)
    /// An item move names an item the snapshot lacks. *(listbench wording)*
    case unknownItemInMove(String, reference: String)
    /// Items marked for reload or reconfigure that the snapshot lacks (UIKit's message).
    case markedItemNotFound(Mark, item: String)
    /// Identifiers appended or inserted twice (``DiffableMessages/notUniqueMessage(kind:_:)``).
    case duplicateIdentifiers(IdentifierKind, [String])

    public var description: String {
        switch self {
        case .noSections:
            return "There are currently no sections in the data source. Please add a section first."
        case .sectionNotFound:
            return "Invalid parameter not satisfying: section != NSNotFound"
        case .unknownReferenceSection(let reference):
            return "Invalid section identifier specified for reference section: \(reference)"
        case let .unknownSectionInMove(section, reference):
            return "Invalid section identifier specified for move: \(section) or \(reference)"
        case let .unknownItemInMove(item, reference):
            return "Invalid item identifier specified for move: \(item) or \(reference)"
        case let .markedItemNotFound(mark, item):
            return "Attempted to \(mark.rawValue) item identifier that does not exist in the snapshot: \(item)"
        case let .duplicateIdentifiers(kind, duplicates):
            return DiffableMessages.notUniqueMessage(kind: kind, duplicates)
        }
    }
}
