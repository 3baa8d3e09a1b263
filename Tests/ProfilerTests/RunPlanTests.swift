import Foundation
import ListData
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

/// The value an isolated worker is handed: it must come back exactly, and
/// damaged bytes must be an error naming where, never a trap.
@Suite("Run plans")
struct RunPlanTests {
    private static let files = ((try? FileManager.default.contentsOfDirectory(atPath: scenariosFolder.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()

    @Test("every shipped scenario's generated value survives the binary form", arguments: files)
    func generatedScenariosRoundTrip(file: String) throws {
        let generated = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path).generate(device: "iphone-6")
        let bytes = generated.encoded()
        #expect(try GeneratedScenario(decoding: bytes) == generated)
    }

    @Test func aPlanSurvivesWithItsDeviceStrategyAndBounds() throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("realtime-feed.json").path)
        let plan = RunPlan(
            scenario: "realtime-feed [seed=3]", file: "/somewhere/realtime-feed.json", generated: try scenario.generate(),
            device: try DeviceProfile.shipped(named: "iphone-15-pro"), strategy: "row-ids",
            bounds: RunBounds(checksInvariants: true, timeLimitSeconds: 12.5, memoryLimitBytes: Double(1 << 30)))
        #expect(try RunPlan(decoding: plan.encoded()) == plan)
        let unbounded = RunPlan(scenario: "x", file: "", generated: try scenario.generate(), device: try DeviceProfile.standard(), strategy: "reload")
        #expect(try RunPlan(decoding: unbounded.encoded()) == unbounded)
    }

    /// A serving worker decodes a scenario once for its runs: a plan whose
    /// scenario is the last one byte for byte takes it as it is, another
    /// scenario is decoded and becomes the last; the plans come back equal
    /// either way, and a plan written from the scenario's bytes is the same plan.
    @Test func aPlanOfTheLastScenarioTakesItAsItIs() throws {
        let feed = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("realtime-feed.json").path).generate()
        let detail = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("restaurant-detail.json").path).generate()
        let device = try DeviceProfile.standard()
        let first = RunPlan(scenario: "feed", file: "a.json", generated: feed, device: device, strategy: "reload")
        let second = RunPlan(scenario: "feed", file: "a.json", generated: feed, device: device, strategy: "row-ids")
        let other = RunPlan(scenario: "detail", file: "b.json", generated: detail, device: device, strategy: "row-ids")
        #expect(second.encoded(scenario: feed.encoded()) == second.encoded())
        var last: RunPlan.DecodedScenario?
        #expect(try RunPlan(decoding: first.encoded(), reusing: &last) == first)
        #expect(last?.bytes == feed.encoded())
        // The same scenario: taken from `last` (a damaged copy of its bytes in `last` shows which was used).
        last?.scenario.name = "taken from the last plan"
        #expect(try RunPlan(decoding: second.encoded(), reusing: &last).generated.name == "taken from the last plan")
        // Another scenario: decoded, and now the last.
        #expect(try RunPlan(decoding: other.encoded(), reusing: &last) == other)
        #expect(last?.bytes == detail.encoded())
        #expect(last?.scenario == detail)
    }

    /// The comparison that decides whether a plan's scenario is the last one
    /// reads eight bytes at a time and the rest one by one: at every offset
    /// and length around that step, equal bytes are equal, and a difference
    /// in any one byte (the first, the last, one in the tail) is found.
    @Test func aReadersRemainderEqualsExactlyItsBytes() throws {
        for length in 0...19 {
            let tail = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            for offset in 0...9 {
                let bytes = [UInt8](repeating: 0xA5, count: offset) + tail
                var reader = ByteReader(bytes)
                for _ in 0..<offset { _ = try reader.byte() }
                #expect(reader.offset == offset)
                #expect(reader.remainderEquals(tail))
                #expect(!reader.remainderEquals(tail + [0]))
                #expect(length == 0 || !reader.remainderEquals(Array(tail.dropLast())))
                for changed in tail.indices {
                    var other = tail
                    other[changed] ^= 0x40
                    #expect(!reader.remainderEquals(other), "length \(length), offset \(offset), byte \(changed)")
                }
            }
        }
    }

    /// The profile travels in the plan's binary form: every shipped one, on
    /// another iOS and drawn as `--uncertainty` draws it, comes back equal
    /// (each constant's value, source and uncertainty).
    @Test(arguments: DeviceProfile.shippedNames)
    func everyShippedProfileSurvivesTheBinaryForm(name: String) throws {
        let profile = try DeviceProfile.shipped(named: name)
        var profiles = [profile, profile.plausible(draw: 3, seed: 42)]
        if let other = profile.iOS.range.first(where: { $0 != profile.iOS.default }) { profiles.append(try profile.running(iOS: other)) }
        for profile in profiles {
            var writer = ByteWriter()
            profile.encode(to: &writer)
            var reader = ByteReader(writer.bytes)
            #expect(try DeviceProfile(from: &reader) == profile)
            #expect(reader.isAtEnd)
        }
    }

    @Test func hostileValuesAndDetailStatesRoundTrip() throws {
        let item = Item(id: Int.min, version: Int.max, kind: .photoStrip, textLength: -1, photos: 0, linkCard: true, video: false,
                        commentPreviews: 50, reactions: true)
        var generated = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("restaurant-detail.json").path).generate()
        generated.changes.append(TimedChange(atMs: -.infinity, change: .insert(section: 0, index: 0, item: item)))
        generated.changes.append(TimedChange(atMs: .nan, change: .append(section: 1, items: [item, item])))
        generated.steps += [
            .scroll(to: .row(section: "menu ✓", row: 3), pace: .durationMs(0), untilAllLoaded: true),
            .waitForWorld(throughMs: nil), .waitForWorld(throughMs: 1.5),
        ]
        generated.pageLatenciesMs = [0, .greatestFiniteMagnitude, -0.0]
        let back = try GeneratedScenario(decoding: generated.encoded())
        // NaN is not equal to itself: compare its bits, then the rest.
        #expect(back.changes.map(\.atMs.bitPattern) == generated.changes.map(\.atMs.bitPattern))
        #expect(back.changes.map(\.change) == generated.changes.map(\.change))
        #expect(back.steps == generated.steps && back.sections == generated.sections)
        #expect(back.pageLatenciesMs.map(\.bitPattern) == generated.pageLatenciesMs.map(\.bitPattern))
    }

    /// An item keeps its counts in 32 and 16 bits: bytes with a count
    /// that does not fit are an error naming it, never a trap (an item
    /// cannot be made with one; an update carries a bare `Int`).
    @Test func countsAnItemCannotHoldAreAnError() throws {
        func item(textLength: Int, photos: Int, commentPreviews: Int) -> [UInt8] {
            var writer = ByteWriter()
            writer.write(7)
            writer.write(1)
            writer.write(UInt64(0))
            writer.write(textLength)
            writer.write(photos)
            writer.write(byte: 0)
            writer.write(commentPreviews)
            return writer.bytes
        }
        var fits = ByteReader(item(textLength: Int(Int32.max), photos: Int(Int16.max), commentPreviews: Int(Int16.min)))
        let largest = try Item(from: &fits)
        #expect(largest.textLength == Int(Int32.max) && largest.photos == 32_767 && largest.commentPreviews == -32_768)
        let hostile = [
            (item(textLength: Int(Int32.max) + 1, photos: 0, commentPreviews: 0), "item text length 2147483648 out of range"),
            (item(textLength: 0, photos: 40_000, commentPreviews: 0), "item photo count 40000 out of range"),
            (item(textLength: 0, photos: 0, commentPreviews: -40_000), "item comment preview count -40000 out of range"),
        ]
        for (bytes, message) in hostile {
            var reader = ByteReader(bytes)
            #expect { _ = try Item(from: &reader) } throws: { "\($0)".contains(message) }
        }
        // Printed, an item reads as it did while its counts were stored as `Int`.
        #expect(String(describing: Item(id: 1, textLength: 5, photos: 2, reactions: true))
            == "Item(id: 1, version: 0, kind: ListData.ItemKind.post, design: 0, textLength: 5, photos: 2, linkCard: false, video: false, commentPreviews: 0, reactions: true)")
        var writer = ByteWriter()
        DataChange.update(id: 7, section: 0, index: 0, version: 2, textLength: Int.max).encode(to: &writer)
        var reader = ByteReader(writer.bytes)
        #expect { _ = try DataChange(from: &reader) } throws: { "\($0)".contains("update text length \(Int.max) out of range") }
    }

    @Test func damagedBytesAreAnErrorNamingWhere() throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("home-170.json").path)
        let plan = RunPlan(scenario: "home-170", file: "", generated: try scenario.generate(), device: try DeviceProfile.standard(), strategy: "reload")
        let bytes = plan.encoded()
        // Every truncation, and a sample of single-byte corruptions, either fails with a message or decodes to some plan.
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 997)) {
            #expect(throws: RunPlanError.self) { try RunPlan(decoding: Array(bytes[..<length])) }
        }
        var rng = UInt64(12345)
        for _ in 0..<2_000 {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            var damaged = bytes
            damaged[Int(rng >> 33) % damaged.count] ^= UInt8(truncatingIfNeeded: rng >> 17) | 1
            _ = try? RunPlan(decoding: damaged)
        }
        do {
            _ = try RunPlan(decoding: Array("{\"not\": \"a plan\"}".utf8))
            Issue.record("JSON was read as a plan")
        } catch {
            #expect(error.description.contains("not a run plan"), "\(error)")
        }
        var wrongVersion = ByteWriter()
        wrongVersion.writeHeader("listbench run plan", version: 99)
        do {
            _ = try RunPlan(decoding: wrongVersion.bytes)
            Issue.record("a plan of another version was read")
        } catch {
            #expect(error.description.contains("format version 99; this build reads version 2"), "\(error)")
        }
    }

    @Test func aRequestResolvesItsStrategyInTheCatalog() throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("home-170.json").path)
        var plan = RunPlan(scenario: "home-170", file: "", generated: try scenario.generate(), device: try DeviceProfile.standard(), strategy: "row-ids")
        #expect(try RunRequest(plan: plan, catalog: .builtIn).strategy.name == "row-ids")
        plan.strategy = "no-such-strategy"
        #expect(throws: StrategyCatalogError.self) { try RunRequest(plan: plan, catalog: .builtIn) }
    }

    /// The bytes a command's runs share are the scenario's own form, made
    /// once for all of its users: eight asking at once all get one buffer
    /// (not eight encodings); past the users, the same bytes again. The
    /// digest is the one a report has always recorded, whether the bytes
    /// were made or not.
    @Test func aSharedEncodingIsTheScenariosOwn() throws {
        let generated = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("realtime-feed.json").path).generate()
        let encoding = ScenarioEncoding(generated, users: 8)
        let answers = Locked<[[UInt8]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let bytes = encoding.take()
            answers.withLock { $0.append(bytes) }
        }
        let expected = generated.encoded()
        let taken = answers.value
        #expect(taken.count == 8)
        #expect(taken.allSatisfy { $0 == expected })
        let buffers = Set(taken.map { $0.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } })
        #expect(buffers.count == 1)
        #expect(encoding.take() == expected)
        #expect(encoding.digest == generated.inputDigest)
        #expect(ScenarioEncoding(generated, users: 3).digest == generated.inputDigest)
        #expect(try GeneratedScenario(decoding: encoding.take()) == generated)
    }
}
