extension TreeList: RandomAccessCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>
    public typealias SubSequence = Slice<TreeList<Element>>

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }
    @inlinable public var isEmpty: Bool { count == 0 }

    /// Walks the leaves in order: O(1) amortized per element, O(log n) to start and at each leaf.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let root: TreeListNode<Element>
        @usableFromInline var position = 0
        @usableFromInline var leaf: ContiguousArray<Element> = []
        @usableFromInline var offset = 0

        @inlinable
        init(root: TreeListNode<Element>) { self.root = root }

        @inlinable
        public mutating func next() -> Element? {
            if offset == leaf.count {
                guard position < root.count else { return nil }
                var node = root
                var index = position
                while !node.isLeaf {
                    let child = node.child(containing: &index, inserting: false)
                    node = node.children[child]
                }
                leaf = node.elements
                offset = index
            }
            defer {
                offset += 1
                position += 1
            }
            return leaf[offset]
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(root: root) }

    @inlinable
    public var underestimatedCount: Int { count }
}

extension TreeList: ExpressibleByArrayLiteral {
    @inlinable
    public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension TreeList: Equatable where Element: Equatable {
    /// Element by element (lists sharing their root are equal at once).
    ///
    /// - Complexity: O(n).
    @inlinable
    public static func == (lhs: TreeList, rhs: TreeList) -> Bool {
        lhs.root === rhs.root || (lhs.count == rhs.count && lhs.elementsEqual(rhs))
    }
}

extension TreeList: Hashable where Element: Hashable {
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension TreeList: CustomStringConvertible {
    public var description: String { Array(self).description }
}

/// Nodes are only mutated while uniquely referenced (copy-on-write), so a
/// list shared between threads is only ever read.
extension TreeList: @unchecked Sendable where Element: Sendable {}
