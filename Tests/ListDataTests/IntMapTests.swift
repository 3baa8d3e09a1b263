import ListData
import Testing

/// `IntMap` and `IntSet` against `Dictionary` and `Set`, over seeded random
/// insertions, replacements and removals (removal shifts entries back, the
/// case most worth checking), with keys drawn densely and sparsely.
@Suite("IntMap")
struct IntMapTests {
    /// A small seeded generator (SplitMix64), so every run checks the same operations.
    struct Generator {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test(arguments: [16, 1_000, 1 << 40])
    func agreesWithDictionary(keySpread: Int) {
        var generator = Generator(state: UInt64(keySpread))
        var map = IntMap<Int>()
        var reference: [Int: Int] = [:]
        for step in 0..<20_000 {
            let key = generator.next(below: keySpread) - keySpread / 2
            switch generator.next(below: 3) {
            case 0, 1:
                #expect(map.updateValue(step, forKey: key) == reference.updateValue(step, forKey: key))
            default:
                #expect(map.removeValue(forKey: key) == reference.removeValue(forKey: key))
            }
            #expect(map.count == reference.count)
        }
        for (key, value) in reference { #expect(map[key] == value) }
        // The in-place readers agree with the subscript, present keys and absent ones alike.
        for key in Set(reference.keys).union(-20...20) {
            #expect(map.contains(key) == (reference[key] != nil))
            #expect(map.withValue(forKey: key, { $0 * 2 }) == reference[key].map { $0 * 2 })
        }
        #expect(map.keys.sorted() == reference.keys.sorted())
        #expect(map.values.sorted() == reference.values.sorted())
        for key in -20...20 where reference[key] == nil { #expect(map[key] == nil) }
        map.removeAll()
        #expect(map.isEmpty && map[reference.keys.first ?? 0] == nil)
        #expect(!map.contains(0) && map.withValue(forKey: 0, { $0 }) == nil)
    }

    /// Runs of consecutive keys fill whole blocks of slots, and keys a block
    /// apart, or a power of two apart, share their low bits: removal must
    /// still shift each run back correctly, and modifying in place must find
    /// the key past the others of its run.
    @Test(arguments: [1, 8, 1 << 20])
    func runsOfKeysAgreeWithDictionary(stride: Int) {
        var map = IntMap<[Int]>()
        var reference: [Int: [Int]] = [:]
        for index in -3_000..<3_000 {
            map[index * stride] = [index]
            reference[index * stride] = [index]
        }
        for index in Swift.stride(from: -3_000, to: 3_000, by: 3) {
            #expect(map.removeValue(forKey: index * stride) == reference.removeValue(forKey: index * stride))
        }
        for index in Swift.stride(from: -2_999, to: 3_000, by: 3) {
            let appended = map.modifyValue(forKey: index * stride) { value -> Int in
                value.append(0)
                return value.count
            }
            reference[index * stride]?.append(0)
            #expect(appended == 2)
        }
        #expect(map.modifyValue(forKey: 3_000 * stride) { $0.count } == nil)
        #expect(map.count == reference.count)
        for (key, value) in reference { #expect(map[key] == value) }
        for index in Swift.stride(from: -3_000, to: 3_000, by: 3) { #expect(map[index * stride] == nil) }
    }

    /// ``IdentifierMap`` agrees with `Dictionary` on `Int` keys (its ``IntMap``
    /// side) and on other keys (its dictionary side), and an `AnyHashable`
    /// holding an `Int` finds what an equal `AnyHashable` of another type entered.
    @Test func identifierMapAgreesWithDictionary() {
        var generator = Generator(state: 11)
        var ints = IdentifierMap<Int, Int>(minimumCapacity: 10)
        var strings = IdentifierMap<String, Int>()
        var reference: [Int: Int] = [:]
        for step in 0..<5_000 {
            let key = generator.next(below: 300)
            if generator.next(below: 3) < 2 {
                let previous = reference.updateValue(step, forKey: key)
                #expect(ints.updateValue(step, forKey: key) == previous)
                #expect(strings.updateValue(step, forKey: "\(key)") == previous)
            } else {
                let removed = reference.removeValue(forKey: key)
                #expect(ints.removeValue(forKey: key) == removed)
                #expect(strings.removeValue(forKey: "\(key)") == removed)
            }
        }
        #expect(ints.count == reference.count && strings.count == reference.count)
        for key in 0..<300 {
            #expect(ints[key] == reference[key])
            #expect(strings["\(key)"] == reference[key])
        }
        var any = IdentifierMap<AnyHashable, String>()
        any[AnyHashable(7)] = "seven"
        #expect(any[AnyHashable(UInt8(7))] == "seven")
        any[AnyHashable(UInt8(7))] = nil
        #expect(any.isEmpty && any[AnyHashable(7)] == nil)
    }

    @Test func setAgreesWithSet() {
        var generator = Generator(state: 7)
        var set = IntSet()
        var reference = Set<Int>()
        for _ in 0..<10_000 {
            let element = generator.next(below: 500)
            if generator.next(below: 2) == 0 {
                #expect(set.insert(element) == reference.insert(element).inserted)
            } else {
                #expect(set.remove(element) == (reference.remove(element) != nil))
            }
        }
        #expect(set.count == reference.count)
        #expect(set.elements.sorted() == reference.sorted())
        #expect(IntSet([3, 1, 3, Int.min, Int.max]).elements.sorted() == [Int.min, 1, 3, Int.max])
    }
}
