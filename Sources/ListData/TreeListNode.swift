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

    /// Child `child`, not retained: the caller holds this node, whose
    /// `children` keep the child alive while the caller works on it and
    /// does not replace it (a reference counted per level was a sizeable
    /// part of an insert's or a remove's cost).
    @inlinable
    func unretainedChild(_ child: Int) -> Unmanaged<TreeListNode<Element>> {
        children.withUnsafeBufferPointer { Unmanaged.passUnretained($0[child]) }
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
        unretainedChild(child)._withUnsafeGuaranteedRef { $0.set(element, at: offset) }
    }

    /// Inserts into this (uniquely referenced) subtree; returns the new right
    /// sibling when this node had to split.
    @inlinable
    func insert(_ element: Element, at index: Int) -> TreeListNode<Element>? {
        count += 1
        if isLeaf {
            // A full buffer grows to twice its size, as an array's does, but
            // never past the most a leaf holds before it splits (one past its
            // capacity): a leaf built three quarters full (96 elements, and
            // room for about that many) grew to room for about 192 when it
            // outgrew it, though it splits past 128. A small leaf (an empty
            // list's first inserts) still grows from its size.
            if elements.count == elements.capacity { elements.reserveCapacity(min(capacity + 1, max(2 * elements.count, 1))) }
            elements.insert(element, at: index)
            return elements.count > capacity ? split() : nil
        }
        var offset = index
        let child = child(containing: &offset, inserting: true)
        makeChildUnique(child)
        if let right = unretainedChild(child)._withUnsafeGuaranteedRef({ $0.insert(element, at: offset) }) {
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
        let element = unretainedChild(child)._withUnsafeGuaranteedRef { $0.remove(at: offset) }
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
}
