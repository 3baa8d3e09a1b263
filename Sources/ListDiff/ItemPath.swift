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

    /// The path as UIKit prints an `NSIndexPath`, without the object's address.
    public var description: String { "{length = 2, path = \(section) - \(item)}" }

    /// The path as UIKit's exception messages print an `NSIndexPath`:
    /// `<NSIndexPath: 0xc000000000600016> {length = 2, path = 0 - 3}`.
    ///
    /// The address is derived from the path, so messages stay deterministic:
    /// it is the tagged pointer a 64-bit runtime stores such a path in,
    /// `0xc000000000000016 | section << 8 | row << 21`, which every
    /// (address, path) pair quoted in public crash logs fits (for example
    /// `0xc000000000000216` for 2 - 0, RxSwiftCommunity/RxDataSources #35;
    /// `0xc000000000000016` for 0 - 0, lightsprint09/Sourcing #54). Caveat:
    /// runtimes since about iOS 12 obfuscate tagged pointers per process, so a
    /// real log of today shows a scrambled address no simulation can
    /// reproduce; a path too large to be tagged (section ≥ 8192 or row ≥ 2³⁸)
    /// is a heap object there, and here gets a heap-like address derived from
    /// the path (listbench's own).
    public var indexPathDescription: String {
        let address: UInt64
        if (0..<8_192).contains(section), (0..<(1 << 38)).contains(item) {
            address = 0xC000_0000_0000_0016 | UInt64(section) << 8 | UInt64(item) << 21
        } else {
            let mixed = UInt64(bitPattern: Int64(truncatingIfNeeded: section &* 1_000_003 &+ item))
            address = 0x6000_0000_0000 | (mixed & 0xFFF_FFFF_FFF0)
        }
        return "<NSIndexPath: 0x\(String(address, radix: 16))> \(description)"
    }
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
