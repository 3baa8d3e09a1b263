/// The position of an item: a section index and an item (row) index within it.
///
/// listbench's own index path, a plain pair of integers. `Foundation.IndexPath`
/// is array-backed and far slower to create and compare in bulk.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    @inlinable
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    @inlinable
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }

    /// The way UIKit prints an `NSIndexPath` in its exception messages, without the address.
    public var description: String { "{length = 2, path = \(section) - \(item)}" }
}

/// An item moved from a position before the update to a position after it.
public struct ItemMove: Hashable, Sendable {
    public var from: ItemPath
    public var to: ItemPath

    @inlinable
    public init(from: ItemPath, to: ItemPath) {
        self.from = from
        self.to = to
    }
}

/// A section (or, in a flat diff, an element) moved from an index before the update to one after it.
public struct IndexMove: Hashable, Sendable {
    public var from: Int
    public var to: Int

    @inlinable
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}
