/// A broken invariant of a ``TreeList``'s structure, as
/// ``TreeList/structuralProblems()`` finds it; ``description`` says it in words.
public enum TreeListProblem: Equatable, Sendable, CustomStringConvertible {
    /// A node holds more elements (a leaf) or children (an inner node) than its capacity.
    case overfull(depth: Int, size: Int, capacity: Int)
    /// A node other than the root holds fewer than its minimum (a quarter of its capacity).
    case underfull(depth: Int, size: Int, minimum: Int)
    /// A leaf whose count is not its number of elements.
    case leafCount(counted: Int, elements: Int)
    /// Leaves at two depths (every leaf must be at the same depth).
    case unevenLeaves(depth: Int, otherDepth: Int)
    /// An inner node with a different number of children and counts.
    case countsBesideChildren(children: Int, counts: Int)
    /// An inner node other than the root with fewer than two children.
    case loneChild(depth: Int, children: Int)
    /// An inner root with fewer than two children (it should have been replaced by its child).
    case loneChildAtRoot(children: Int)
    /// A child whose count its parent records wrongly.
    case childCount(recorded: Int, holds: Int)
    /// An inner node whose count is not the sum of its children's.
    case nodeCount(counted: Int, children: Int)

    public var description: String {
        switch self {
        case let .overfull(depth, size, capacity): return "a node at depth \(depth) holds \(size) > \(capacity)"
        case let .underfull(depth, size, minimum): return "a node at depth \(depth) holds \(size) < \(minimum)"
        case let .leafCount(counted, elements): return "a leaf counts \(counted) for \(elements) elements"
        case let .unevenLeaves(depth, otherDepth): return "leaves at depths \(depth) and \(otherDepth)"
        case let .countsBesideChildren(children, counts): return "\(children) children with \(counts) counts"
        case let .loneChild(depth, children): return "an inner node at depth \(depth) with \(children) child"
        case .loneChildAtRoot(let children): return "an inner root with \(children) child"
        case let .childCount(recorded, holds): return "a child counted \(recorded) holds \(holds)"
        case let .nodeCount(counted, children): return "a node counts \(counted); its children \(children)"
        }
    }
}

extension TreeList {
    /// The structure's own invariants, for tests: counts add up, leaves and
    /// inner nodes stay within their capacities, every leaf is at the same
    /// depth. Returns what is broken, in the order a depth-first walk finds
    /// it (empty when all holds).
    ///
    /// - Complexity: O(n).
    public func structuralProblems() -> [TreeListProblem] {
        var problems: [TreeListProblem] = []
        var leafDepth: Int?
        root.check(depth: 0, isRoot: true, leafDepth: &leafDepth, problems: &problems)
        return problems
    }
}

extension TreeListNode {
    /// Appends this subtree's broken invariants to `problems`; `leafDepth` is
    /// the depth of the first leaf seen.
    func check(depth: Int, isRoot: Bool, leafDepth: inout Int?, problems: inout [TreeListProblem]) {
        if size > capacity { problems.append(.overfull(depth: depth, size: size, capacity: capacity)) }
        if !isRoot, size < minimumSize { problems.append(.underfull(depth: depth, size: size, minimum: minimumSize)) }
        if isLeaf {
            if count != elements.count { problems.append(.leafCount(counted: count, elements: elements.count)) }
            if let leafDepth, leafDepth != depth { problems.append(.unevenLeaves(depth: leafDepth, otherDepth: depth)) }
            leafDepth = depth
            return
        }
        if children.count != counts.count { problems.append(.countsBesideChildren(children: children.count, counts: counts.count)) }
        if !isRoot, children.count < 2 { problems.append(.loneChild(depth: depth, children: children.count)) }
        if isRoot, children.count < 2 { problems.append(.loneChildAtRoot(children: children.count)) }
        for (child, counted) in zip(children, counts) where child.count != counted {
            problems.append(.childCount(recorded: counted, holds: child.count))
        }
        let sum = counts.reduce(0, +)
        if sum != count { problems.append(.nodeCount(counted: count, children: sum)) }
        for child in children { child.check(depth: depth + 1, isRoot: false, leafDepth: &leafDepth, problems: &problems) }
    }
}
