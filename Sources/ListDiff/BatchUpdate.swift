/// The contents of one `performBatchUpdates` block, in UIKit's vocabulary.
///
/// Index conventions are UIKit's: deletes and reloads name positions **before**
/// the update, inserts name positions **after** it, and moves go from a
/// before-update position to an after-update one. A reloaded item keeps its
/// place in the list but gets a new cell.
///
/// The diff engine produces these (see ``SectionedChanges/stages``); the list
/// simulator validates and performs them exactly as `UITableView` does.
public struct BatchUpdate: Equatable, Sendable {
    public var deletedSections: [Int]
    public var insertedSections: [Int]
    public var movedSections: [IndexMove]
    public var reloadedSections: [Int]
    public var deletedItems: [ItemPath]
    public var insertedItems: [ItemPath]
    public var movedItems: [ItemMove]
    public var reloadedItems: [ItemPath]

    public init(
        deletedSections: [Int] = [],
        insertedSections: [Int] = [],
        movedSections: [IndexMove] = [],
        reloadedSections: [Int] = [],
        deletedItems: [ItemPath] = [],
        insertedItems: [ItemPath] = [],
        movedItems: [ItemMove] = [],
        reloadedItems: [ItemPath] = []
    ) {
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.movedSections = movedSections
        self.reloadedSections = reloadedSections
        self.deletedItems = deletedItems
        self.insertedItems = insertedItems
        self.movedItems = movedItems
        self.reloadedItems = reloadedItems
    }

    /// True when the block would do nothing.
    public var isEmpty: Bool { operationCount == 0 }

    /// The number of section and item operations in the block.
    public var operationCount: Int {
        deletedSections.count + insertedSections.count + movedSections.count + reloadedSections.count
            + deletedItems.count + insertedItems.count + movedItems.count + reloadedItems.count
    }
}
