@testable import ListData
import Randomness
import Testing

/// `TreeList` against `Array`: the same operations on both, in seeded
/// random order, must leave the same elements, and the tree must keep its
/// own invariants (counts, capacities, one leaf depth) after every batch.
@Suite("TreeList")
struct TreeListTests {
    /// One random operation on both lists; `size` bounds how large the list grows.
    private static func step(_ tree: inout TreeList<Int>, _ array: inout [Int], _ rng: inout SplitMix64, next: inout Int, size: Int) {
        let grow = array.count < size / 2 ? 0.7 : (array.count > size ? 0.3 : 0.5)
        switch Double.random(in: 0..<1, using: &rng) {
        case ..<grow:
            let index = Int.random(in: 0...array.count, using: &rng)
            tree.insert(next, at: index)
            array.insert(next, at: index)
            next += 1
        case ..<(grow + 0.15) where !array.isEmpty:
            let from = Int.random(in: 0..<array.count, using: &rng)
            let to = Int.random(in: 0..<array.count, using: &rng)
            tree.move(from: from, to: to)
            array.insert(array.remove(at: from), at: to)
        case ..<(grow + 0.25) where !array.isEmpty:
            let index = Int.random(in: 0..<array.count, using: &rng)
            tree[index] = -next
            array[index] = -next
            next += 1
        default:
            guard !array.isEmpty else { return }
            let index = Int.random(in: 0..<array.count, using: &rng)
            #expect(tree.remove(at: index) == array.remove(at: index))
        }
    }

    @Test("random inserts, removes, moves and sets match Array", arguments: [10, 300, 5_000])
    func matchesArray(size: Int) {
        for seed in UInt64(1)...UInt64(12) {
            var rng = SplitMix64(seed: seed &* 0x9E37 &+ UInt64(size))
            var array = Array(0..<Int.random(in: 0...size, using: &rng))
            var tree = TreeList(array)
            var next = array.count
            for round in 0..<20 {
                for _ in 0..<(size / 2 + 20) { Self.step(&tree, &array, &rng, next: &next, size: size) }
                #expect(tree.count == array.count)
                #expect(Array(tree) == array, "seed \(seed) round \(round)")
                #expect(tree.structuralProblems().isEmpty, "seed \(seed) round \(round): \(tree.structuralProblems())")
                if let index = array.indices.randomElement(using: &rng) { #expect(tree[index] == array[index]) }
            }
            // Everything out again: the tree shrinks back to one leaf.
            while !array.isEmpty {
                let index = Int.random(in: 0..<array.count, using: &rng)
                #expect(tree.remove(at: index) == array.remove(at: index))
            }
            #expect(tree.isEmpty && tree.depth == 1 && tree.structuralProblems().isEmpty)
        }
    }

    @Test("a copy is independent of the original (copy on write per node)")
    func copiesDiverge() {
        var rng = SplitMix64(seed: 7)
        let base = Array(0..<20_000)
        var world = TreeList(base)
        var app = world
        var worldArray = base, appArray = base
        var next = base.count
        for _ in 0..<3_000 {
            Self.step(&world, &worldArray, &rng, next: &next, size: 20_000)
            Self.step(&app, &appArray, &rng, next: &next, size: 20_000)
        }
        #expect(Array(world) == worldArray)
        #expect(Array(app) == appArray)
        #expect(world != app)
        #expect(world.structuralProblems().isEmpty && app.structuralProblems().isEmpty)
        // An untouched copy still holds the original elements.
        let snapshot = world
        world.insert(-1, at: 0)
        #expect(Array(snapshot) == worldArray)
    }

    @Test("building, iterating, map and firstIndex agree with Array at every size up to a few leaves")
    func bulkBuilding() {
        for count in Array(0...300) + [1_000, 4_095, 4_096, 70_001] {
            let array = Array(0..<count)
            let tree = TreeList(array)
            #expect(tree.count == count)
            #expect(tree.structuralProblems().isEmpty, "count \(count): \(tree.structuralProblems())")
            #expect(Array(tree) == array)
            #expect(tree.map { $0 * 2 } == array.map { $0 * 2 })
            #expect(tree.firstIndex { $0 == count - 1 } == array.firstIndex { $0 == count - 1 })
            #expect(tree.firstIndex { $0 < 0 } == nil)
            #expect(tree == TreeList(array))
            // The other builders: from a sequence without contiguous storage, and element by element into the leaves.
            let gathered = TreeList(array.lazy.map { $0 })
            var next = 0
            let made = TreeList(count: count) { () -> Int in
                defer { next += 1 }
                return next
            }
            for other in [gathered, made] {
                #expect(Array(other) == array)
                #expect(other.structuralProblems().isEmpty, "count \(count): \(other.structuralProblems())")
                #expect(Self.shape(of: other) == Self.shape(of: tree), "count \(count)")
            }
        }
        let million = TreeList(0..<1_000_000)
        #expect(million.depth <= 4)
        #expect(million[999_999] == 999_999 && million[123_456] == 123_456)
    }

    /// The sizes of a tree's nodes, level by level from the root: two lists built alike have the same.
    private static func shape<T>(of tree: TreeList<T>) -> [[Int]] {
        var levels: [[Int]] = []
        var level = [tree.root]
        while !level.isEmpty {
            levels.append(level.map(\.size))
            level = level.flatMap { $0.isLeaf ? [] : Array($0.children) }
        }
        return levels
    }

    /// A builder's element that throws ends the build with that error, after as many calls as elements made before it.
    @Test func aFailingElementEndsTheBuild() {
        struct Stop: Error, Equatable { let at: Int }
        var calls = 0
        #expect(throws: Stop(at: 500)) {
            _ = try TreeList(count: 1_000) { () throws(Stop) -> Int in
                calls += 1
                if calls > 500 { throw Stop(at: calls - 1) }
                return calls
            }
        }
        #expect(calls == 501)
    }

    @Test("appending one at a time and in pages keeps the structure")
    func appending() {
        var tree = TreeList<Int>()
        var array: [Int] = []
        for page in 0..<200 {
            let items = Array((page * 37)..<((page + 1) * 37))
            if page.isMultiple(of: 2) { tree.append(contentsOf: items) } else { for item in items { tree.append(item) } }
            array += items
        }
        #expect(Array(tree) == array)
        #expect(tree.structuralProblems().isEmpty)
        #expect(tree.description == array.description)
    }

    /// A leaf built three quarters full that outgrows its room grows it to
    /// the most a leaf holds before it splits, not to twice its size; a
    /// small leaf (an empty list's first insert) still grows from its size.
    /// Rooms are read leaf by leaf and bounded, not compared with one
    /// figure: the allocator may hand a buffer a few bytes more than asked
    /// (a reused block), and the room counts them.
    @Test func aFullLeafGrowsOnlyToItsSplit() {
        var tree = TreeList(ContiguousArray(0..<960))
        let leaves = tree.root.children.count
        #expect(tree.depth == 2 && tree.root.children.allSatisfy { $0.elements.count == 96 })
        // Into every leaf, one more than its room holds (from the last leaf, so that each lands where it is meant to).
        var inserted = 0
        for leaf in stride(from: leaves - 1, through: 0, by: -1) {
            let inserts = tree.root.children[leaf].elements.capacity - 96 + 1
            for _ in 0..<inserts { tree.insert(-1, at: leaf * 96 + 1) }
            inserted += inserts
        }
        #expect(tree.structuralProblems().isEmpty && tree.count == 960 + inserted)
        // At least the most a leaf holds (129), and less than twice the 96 it was built with (what doubling gave).
        let room = tree.root.children.map(\.elements.capacity)
        #expect(room.allSatisfy { $0 > TreeList<Int>.leafCapacity && $0 < 2 * 96 }, "room after the inserts: \(room)")
        var small = TreeList<Int>()
        small.insert(1, at: 0)
        #expect(small.root.elements.capacity < TreeList<Int>.leafCapacity)
    }

    /// A broken tree is named by typed problems, in words as before.
    @Test func brokenInvariantsAreNamed() throws {
        let tree = TreeList(0..<200)
        #expect(tree.depth == 2 && tree.structuralProblems().isEmpty)
        let leaf = tree.root.children[0]
        let elements = leaf.elements.count
        leaf.count = 5
        #expect(tree.structuralProblems() == [.childCount(recorded: elements, holds: 5), .leafCount(counted: 5, elements: elements)])
        #expect(tree.structuralProblems().map(\.description) == ["a child counted \(elements) holds 5", "a leaf counts 5 for \(elements) elements"])
        let texts: [(TreeListProblem, String)] = [
            (.overfull(depth: 1, size: 129, capacity: 128), "a node at depth 1 holds 129 > 128"),
            (.underfull(depth: 2, size: 3, minimum: 32), "a node at depth 2 holds 3 < 32"),
            (.unevenLeaves(depth: 2, otherDepth: 3), "leaves at depths 2 and 3"),
            (.countsBesideChildren(children: 4, counts: 3), "4 children with 3 counts"),
            (.loneChild(depth: 1, children: 1), "an inner node at depth 1 with 1 child"),
            (.loneChildAtRoot(children: 1), "an inner root with 1 child"),
            (.nodeCount(counted: 10, children: 9), "a node counts 10; its children 9"),
        ]
        for (problem, text) in texts { #expect(problem.description == text) }
    }
}
