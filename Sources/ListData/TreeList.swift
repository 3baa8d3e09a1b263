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
/// built for text metrics. The whole structure is this file (the list and
/// its operations), `TreeList+Collection.swift` (iteration and the standard
/// conformances), `TreeListNode.swift` (the nodes: search, split, merge) and
/// `TreeList+Invariants.swift` (``structuralProblems()``), with a property
/// test against `Array` (`TreeListTests`).
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
    ///   above them built bottom-up. An array's elements are copied once,
    ///   into the leaves (`ContiguousArray` of an array shares its storage).
    @inlinable
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        self.init(leaves: Self.leaves(of: ContiguousArray(elements)))
    }

    /// The elements cut into leaves filled to three quarters, in order.
    ///
    /// - Complexity: O(n).
    @inlinable
    static func leaves<C: RandomAccessCollection>(of all: C) -> [TreeListNode<Element>] where C.Element == Element, C.Index == Int {
        chunks(all.count, of: leafCapacity * 3 / 4).map { TreeListNode(leaf: all[$0]) }
    }

    /// A list of `count` elements, each the next that `element` makes, in
    /// order, written straight into the leaves (no array of them all first):
    /// how a decoder reads a list. The first error `element` throws is thrown.
    ///
    /// - Complexity: O(count) besides `element`'s own; the same shape as ``init(_:)``.
    @inlinable
    public init<Failure: Error>(count: Int, _ element: () throws(Failure) -> Element) throws(Failure) {
        var leaves: [TreeListNode<Element>] = []
        for run in Self.chunks(count, of: Self.leafCapacity * 3 / 4) {
            var elements = ContiguousArray<Element>()
            elements.reserveCapacity(run.count)
            for _ in run { elements.append(try element()) }
            leaves.append(TreeListNode(leaf: elements))
        }
        self.init(leaves: leaves)
    }

    /// The list of these leaves, in order, with the levels above them built bottom-up.
    ///
    /// - Complexity: O(leaves).
    @inlinable
    init(leaves: [TreeListNode<Element>]) {
        var level = leaves
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
            // The walk holds no references of its own (`root` keeps every node
            // alive while the list is read): a reference counted per level was
            // most of a read's cost, in atomic increments and decrements.
            var offset = index
            var node = Unmanaged.passUnretained(root)
            while let next = node._withUnsafeGuaranteedRef({ node -> Unmanaged<TreeListNode<Element>>? in
                guard !node.isLeaf else { return nil }
                let child = node.child(containing: &offset, inserting: false)
                return node.children.withUnsafeBufferPointer { Unmanaged.passUnretained($0[child]) }
            }) {
                node = next
            }
            return node._withUnsafeGuaranteedRef { $0.elements[offset] }
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
