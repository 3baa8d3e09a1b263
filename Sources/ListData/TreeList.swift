/// A list addressed by position, with access, insert, remove and move at an
/// index in O(log n): a B-tree whose nodes count the elements below them
/// (an order-statistic, or counted, B-tree; a "rope" of elements).
///
/// Elements live in leaves of up to ``leafCapacity`` elements; inner nodes
/// hold up to ``branchCapacity`` children and each child's element count, so
/// finding index `i` walks one path from the root, skipping whole subtrees by
/// their counts. A million elements make a tree four levels deep.
///
/// It is a value with copy-on-write at the granularity of nodes: a copy
/// shares every node with the original, and a mutation copies only the nodes
/// on the path it walks that are still shared (O(log n) of them). So the
/// world's data and an app's model can start as one list and diverge change
/// by change, each change costing O(log n), never a copy of the whole list.
///
/// Why our own and not a package: the standard library has no such
/// structure, and swift-collections (the one well-kept candidate) ships its
/// B-tree only as the underscored, explicitly unstable `_RopeModule.Rope`,
/// built for text metrics. This file is the whole structure, in about 400
/// lines, with a property test against `Array` (`TreeListTests`).
///
/// - Complexity: `subscript` get and set, `insert(_:at:)`, `remove(at:)` and
///   `move(from:to:)` are O(log n); building from a sequence is O(n);
///   iterating (`for`, `map`, `Array(_:)`) is O(1) amortized per element.
///   Index arithmetic is integer arithmetic (the indices are `0..<count`).
/// - Caveat: unlike `Array`, element access is O(log n), not O(1); the
///   generic `Collection` algorithms that walk indices (rather than iterate)
///   pay that per element. `map` and `firstIndex(where:)` are given here in
///   their iterating form.
public struct TreeList<Element> {
    /// Most elements in a leaf (a full leaf splits in two on insert).
    public static var leafCapacity: Int { 128 }
    /// Most children of an inner node.
    public static var branchCapacity: Int { 32 }

    @usableFromInline var root: TreeListNode<Element>

    /// An empty list.
    @inlinable
    public init() { root = TreeListNode(leaf: []) }

    /// A list of the sequence's elements, in order.
    ///
    /// - Complexity: O(n): leaves are filled to three quarters and the levels
    ///   above them built bottom-up.
    @inlinable
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        let all = ContiguousArray(elements)
        var level = Self.chunks(all.count, of: Self.leafCapacity * 3 / 4).map { TreeListNode(leaf: all[$0]) }
        while level.count > 1 {
            let nodes = level
            level = Self.chunks(nodes.count, of: Self.branchCapacity * 3 / 4).map { TreeListNode(branch: nodes[$0]) }
        }
        root = level.first ?? TreeListNode(leaf: [])
    }

    /// `count` positions cut into as few runs of at most `size` as possible, of nearly equal lengths.
    @inlinable
    static func chunks(_ count: Int, of size: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let runs = (count + size - 1) / size
        return (0..<runs).map { run in (run * count / runs)..<((run + 1) * count / runs) }
    }

    /// The number of elements.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { root.count }

    /// The element at `index`, which must be in `0..<count`.
    ///
    /// - Complexity: O(log n).
    @inlinable
    public subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "TreeList index \(index) out of range 0..<\(count)")
            var node = root
            var offset = index
            while !node.isLeaf {
                let child = node.child(containing: &offset, inserting: false)
                node = node.children[child]
            }
            return node.elements[offset]
        }
        set {
            precondition(index >= 0 && index < count, "TreeList index \(index) out of range 0..<\(count)")
            makeRootUnique()
            root.set(newValue, at: index)
        }
    }

    /// Inserts an element so that it is at `index` (in `0...count`) afterwards.
    ///
    /// - Complexity: O(log n).
    @inlinable
    public mutating func insert(_ element: Element, at index: Int) {
        precondition(index >= 0 && index <= count, "TreeList insert index \(index) out of range 0...\(count)")
        makeRootUnique()
        if let split = root.insert(element, at: index) {
            root = TreeListNode(branch: [root, split])
        }
    }

    /// Removes and returns the element at `index` (in `0..<count`).
    ///
    /// - Complexity: O(log n).
    @inlinable
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        precondition(index >= 0 && index < count, "TreeList remove index \(index) out of range 0..<\(count)")
        makeRootUnique()
        let element = root.remove(at: index)
        if !root.isLeaf, root.children.count == 1 { root = root.children[0] }
        return element
    }

    /// Moves the element at `from` so that it is at `to` afterwards (both in `0..<count`).
    ///
    /// - Complexity: O(log n).
    @inlinable
    public mutating func move(from: Int, to: Int) {
        guard from != to else { return }
        insert(remove(at: from), at: to)
    }

    /// Appends an element at the end.
    ///
    /// - Complexity: O(log n).
    @inlinable
    public mutating func append(_ element: Element) { insert(element, at: count) }

    /// Appends the elements of a sequence at the end.
    ///
    /// - Complexity: O(k log n) for `k` new elements; O(k) into an empty list.
    @inlinable
    public mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        if count == 0 {
            self = TreeList(elements)
            return
        }
        for element in elements { append(element) }
    }

    @inlinable
    mutating func makeRootUnique() {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
    }

    /// The elements as an array, in order.
    ///
    /// - Complexity: O(n).
    @inlinable
    public var array: [Element] { Array(self) }

    /// The results of `transform` on every element, in order (by iteration, not by index).
    ///
    /// - Complexity: O(n).
    @inlinable
    public func map<T>(_ transform: (Element) throws -> T) rethrows -> [T] {
        var result: [T] = []
        result.reserveCapacity(count)
        var iterator = makeIterator()
        while let element = iterator.next() { result.append(try transform(element)) }
        return result
    }

    /// The index of the first element that satisfies `predicate` (by iteration, not by index).
    ///
    /// - Complexity: O(n).
    @inlinable
    public func firstIndex(where predicate: (Element) throws -> Bool) rethrows -> Int? {
        var index = 0
        var iterator = makeIterator()
        while let element = iterator.next() {
            if try predicate(element) { return index }
            index += 1
        }
        return nil
    }

    /// The structure's own invariants, for tests: counts add up, leaves and
    /// inner nodes stay within their capacities, every leaf is at the same
    /// depth. Returns what is broken (empty when all holds).
    ///
    /// - Complexity: O(n).
    public func structuralProblems() -> [String] {
        var problems: [String] = []
        var leafDepth: Int?
        root.check(depth: 0, isRoot: true, leafDepth: &leafDepth, problems: &problems)
        return problems
    }

    /// The depth of the tree (1 for a single leaf), for tests and benchmarks.
    public var depth: Int {
        var node = root
        var levels = 1
        while !node.isLeaf {
            node = node.children[0]
            levels += 1
        }
        return levels
    }
}

// MARK: - Collection

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

// MARK: - Nodes

/// A node of a ``TreeList``: a leaf of elements, or an inner node of
/// children with their element counts. Mutated only while uniquely
/// referenced; see ``TreeList``.
@usableFromInline
final class TreeListNode<Element>: @unchecked Sendable {
    /// Elements in this subtree.
    @usableFromInline var count: Int
    @usableFromInline let isLeaf: Bool
    /// A leaf's elements.
    @usableFromInline var elements: ContiguousArray<Element>
    /// An inner node's children and the element count of each.
    @usableFromInline var children: ContiguousArray<TreeListNode<Element>>
    @usableFromInline var counts: ContiguousArray<Int>

    @inlinable
    init<C: Collection>(leaf elements: C) where C.Element == Element {
        isLeaf = true
        self.elements = ContiguousArray(elements)
        count = self.elements.count
        children = []
        counts = []
    }

    @inlinable
    init<C: Collection>(branch children: C) where C.Element == TreeListNode<Element> {
        isLeaf = false
        elements = []
        self.children = ContiguousArray(children)
        counts = ContiguousArray(self.children.lazy.map(\.count))
        count = counts.reduce(0, +)
    }

    /// A shallow copy: the same elements, or the same children (shared).
    @inlinable
    init(copying node: TreeListNode<Element>) {
        isLeaf = node.isLeaf
        count = node.count
        elements = node.elements
        children = node.children
        counts = node.counts
    }

    @inlinable
    func copy() -> TreeListNode<Element> { TreeListNode(copying: self) }

    /// Elements of a leaf, children of an inner node.
    @inlinable
    var size: Int { isLeaf ? elements.count : children.count }

    @inlinable
    var capacity: Int { isLeaf ? TreeList<Element>.leafCapacity : TreeList<Element>.branchCapacity }

    /// Below this size a node (other than the root) is merged with or refilled from a sibling.
    @inlinable
    var minimumSize: Int { capacity / 4 }

    /// The child holding position `offset`, which becomes the position within it.
    /// When inserting, a position at the end of a child stays in that child.
    ///
    /// - Complexity: O(branchCapacity).
    @inlinable
    func child(containing offset: inout Int, inserting: Bool) -> Int {
        let last = counts.count - 1
        var child = 0
        while child < last {
            let here = counts[child]
            if offset < here || (inserting && offset == here) { return child }
            offset -= here
            child += 1
        }
        return last
    }

    @inlinable
    func makeChildUnique(_ child: Int) {
        if !isKnownUniquelyReferenced(&children[child]) { children[child] = children[child].copy() }
    }

    @inlinable
    func set(_ element: Element, at index: Int) {
        if isLeaf {
            elements[index] = element
            return
        }
        var offset = index
        let child = child(containing: &offset, inserting: false)
        makeChildUnique(child)
        children[child].set(element, at: offset)
    }

    /// Inserts into this (uniquely referenced) subtree; returns the new right
    /// sibling when this node had to split.
    @inlinable
    func insert(_ element: Element, at index: Int) -> TreeListNode<Element>? {
        count += 1
        if isLeaf {
            elements.insert(element, at: index)
            return elements.count > capacity ? split() : nil
        }
        var offset = index
        let child = child(containing: &offset, inserting: true)
        makeChildUnique(child)
        if let right = children[child].insert(element, at: offset) {
            counts[child] = children[child].count
            children.insert(right, at: child + 1)
            counts.insert(right.count, at: child + 1)
            return children.count > capacity ? split() : nil
        }
        counts[child] += 1
        return nil
    }

    /// Removes from this (uniquely referenced) subtree, refilling a child that fell below its minimum.
    @inlinable
    func remove(at index: Int) -> Element {
        count -= 1
        if isLeaf { return elements.remove(at: index) }
        var offset = index
        let child = child(containing: &offset, inserting: false)
        makeChildUnique(child)
        let element = children[child].remove(at: offset)
        counts[child] -= 1
        if children[child].size < children[child].minimumSize { rebalance(around: child) }
        return element
    }

    /// Moves the upper half of this node into a new right sibling.
    @inlinable
    func split() -> TreeListNode<Element> {
        if isLeaf {
            let half = elements.count / 2
            let right = TreeListNode(leaf: elements[half...])
            elements.removeSubrange(half...)
            count = elements.count
            return right
        }
        let half = children.count / 2
        let right = TreeListNode(branch: children[half...])
        children.removeSubrange(half...)
        counts.removeSubrange(half...)
        count = counts.reduce(0, +)
        return right
    }

    /// Merges the child at `child` with a neighbour, or evens the two out when together they would not fit in one.
    @inlinable
    func rebalance(around child: Int) {
        guard children.count > 1 else { return }
        let left = child > 0 ? child - 1 : child
        let right = left + 1
        makeChildUnique(left)
        makeChildUnique(right)
        let first = children[left], second = children[right]
        if first.size + second.size <= first.capacity {
            first.absorb(second)
            counts[left] = first.count
            children.remove(at: right)
            counts.remove(at: right)
        } else {
            first.even(with: second)
            counts[left] = first.count
            counts[right] = second.count
        }
    }

    /// Appends a right sibling's contents (same kind of node) to this one.
    @inlinable
    func absorb(_ other: TreeListNode<Element>) {
        if isLeaf {
            elements.append(contentsOf: other.elements)
        } else {
            children.append(contentsOf: other.children)
            counts.append(contentsOf: other.counts)
        }
        count += other.count
    }

    /// Moves elements or children between this node and its right sibling until their sizes differ by at most one.
    @inlinable
    func even(with other: TreeListNode<Element>) {
        let target = (size + other.size) / 2
        if isLeaf {
            if elements.count < target {
                let moved = target - elements.count
                elements.append(contentsOf: other.elements[..<moved])
                other.elements.removeSubrange(..<moved)
            } else {
                other.elements.insert(contentsOf: elements[target...], at: 0)
                elements.removeSubrange(target...)
            }
            count = elements.count
            other.count = other.elements.count
            return
        }
        if children.count < target {
            let moved = target - children.count
            children.append(contentsOf: other.children[..<moved])
            counts.append(contentsOf: other.counts[..<moved])
            other.children.removeSubrange(..<moved)
            other.counts.removeSubrange(..<moved)
        } else {
            other.children.insert(contentsOf: children[target...], at: 0)
            other.counts.insert(contentsOf: counts[target...], at: 0)
            children.removeSubrange(target...)
            counts.removeSubrange(target...)
        }
        count = counts.reduce(0, +)
        other.count = other.counts.reduce(0, +)
    }

    func check(depth: Int, isRoot: Bool, leafDepth: inout Int?, problems: inout [String]) {
        if size > capacity { problems.append("a node at depth \(depth) holds \(size) > \(capacity)") }
        if !isRoot, size < minimumSize { problems.append("a node at depth \(depth) holds \(size) < \(minimumSize)") }
        if isLeaf {
            if count != elements.count { problems.append("a leaf counts \(count) for \(elements.count) elements") }
            if let leafDepth, leafDepth != depth { problems.append("leaves at depths \(leafDepth) and \(depth)") }
            leafDepth = depth
            return
        }
        if children.count != counts.count { problems.append("\(children.count) children with \(counts.count) counts") }
        if !isRoot, children.count < 2 { problems.append("an inner node at depth \(depth) with \(children.count) child") }
        if isRoot, children.count < 2 { problems.append("an inner root with \(children.count) child") }
        for (child, counted) in zip(children, counts) where child.count != counted {
            problems.append("a child counted \(counted) holds \(child.count)")
        }
        if counts.reduce(0, +) != count { problems.append("a node counts \(count); its children \(counts.reduce(0, +))") }
        for child in children { child.check(depth: depth + 1, isRoot: false, leafDepth: &leafDepth, problems: &problems) }
    }
}
