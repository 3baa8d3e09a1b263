import ListData
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

/// A chat of `messages` messages that opens at the bottom, with `extra` JSON members and `steps`.
private func chat(messages: Int = 300, extra: String = "", steps: String) throws -> GeneratedScenario {
    try Scenario.decode(Array(chatText(messages: messages, extra: extra, steps: steps).utf8)).generate()
}

/// Messages arriving at the bottom: `times` of them, one every `everyMs` from `fromMs`.
private func arrivals(_ times: Int, everyMs: Double = 1_000, fromMs: Double = 2_000) -> String {
    """
    "world": [{"kind": "repeat", "times": \(times), "everyMs": \(everyMs),
               "events": [{"kind": "change", "op": "insert", "at": "bottom", "atMs": \(fromMs)}]}]
    """
}

/// Every built-in strategy that takes the `position` option (the UIKit ones), inverted.
private let invertedSpecs = StrategyCatalog.builtIn.entries
    .filter { $0.options.contains { $0.key == ChatPosition.key } }
    .map { "\($0.name):position=inverted" }

private func runner(_ spec: String, _ generated: GeneratedScenario) throws -> ScenarioRunner {
    ScenarioRunner(generated: generated, device: try DeviceProfile.standard(), strategy: try StrategyCatalog.builtIn.named(spec))
}

private func arrived(_ generated: GeneratedScenario) -> [Int] {
    generated.changes.compactMap { change -> Int? in
        if case .insert(_, _, let item) = change.change { return item.id }
        return nil
    }
}

@Suite("Inverted chats: position=inverted on every UIKit strategy")
struct InvertedChatTests {
    @Test func everyUIKitStrategyTakesIt() {
        #expect(invertedSpecs.count == 8)
        #expect(ChatPosition.defaultValue == .corrected)
    }

    /// Offset 0 of the flipped table is the chat's bottom: it opens there, with no scroll.
    @Test(arguments: invertedSpecs)
    func opensOnItsNewestMessages(spec: String) throws {
        let generated = try chat(steps: #"[{"kind": "wait", "ms": 500}]"#)
        let run = try runner(spec, generated)
        let metrics = run.run()
        #expect(metrics.status == .completed)
        let items = generated.sections[0].items
        #expect(run.visibleItems.last == items[items.count - 1].id, "\(spec)")
        #expect(run.visibleItems == run.visibleItems.sorted(), "\(spec): oldest at the top")
        #expect(run.scrollPosition.offset >= run.scrollPosition.maximum - 0.5, "\(spec)")
        // Nothing was scrolled and nothing jumped: the newest rows are where the table starts.
        #expect(metrics.scrollJumpPoints == 0, "\(spec)")
    }

    /// At the bottom every message that arrives is the last row on screen once it shows, and nothing counts as a jump.
    @Test(arguments: invertedSpecs)
    func newMessagesStickToTheBottom(spec: String) throws {
        let generated = try chat(extra: arrivals(5), steps: #"[{"kind": "wait", "ms": 300}, {"kind": "waitForWorld"}]"#)
        let run = try runner(spec, generated)
        var lastShown = Set<Int>()
        run.onFrame = { runner in if let last = runner.visibleItems.last { lastShown.insert(last) } }
        let metrics = run.run()
        #expect(metrics.status == .completed)
        let arrived = arrived(generated)
        #expect(arrived.count == 5)
        for item in arrived { #expect(lastShown.contains(item), "\(spec): message \(item) never sat at the bottom") }
        #expect(run.visibleItems.last == arrived.last, "\(spec)")
        #expect(run.scrollPosition.offset >= run.scrollPosition.maximum - 0.5, "\(spec)")
        // Positional identifiers (row-ids) show a new message at row 0 by
        // reconfiguring every row in place: the table follows each row's
        // message one row on, which it counts as content moving.
        if !spec.hasPrefix("row-ids") { #expect(metrics.scrollJumpPoints == 0, "\(spec)") }
    }

    /// Reading history, messages arriving below are held back (Stream Chat's
    /// skipped messages): nothing on screen moves while the finger is still.
    @Test(arguments: invertedSpecs)
    func readingHistoryKeepsThePlace(spec: String) throws {
        let steps = #"[{"kind": "wait", "ms": 300}, {"kind": "pageDown", "screens": 3, "direction": "up"}, {"kind": "wait", "ms": 7000}]"#
        let generated = try chat(extra: arrivals(5), steps: steps)
        let run = try runner(spec, generated)
        var tops: [(item: Int, y: Double)] = []
        run.onFrame = { runner in
            guard runner.userStep.index == 2, !runner.userStep.moving, let top = runner.screenTop else { return }
            tops.append(top)
        }
        let metrics = run.run()
        #expect(metrics.status == .completed)
        // Held messages change nothing on screen: no frame may even be needed.
        let first = try #require(tops.first)
        for top in tops { #expect(top.item == first.item && abs(top.y - first.y) < 0.5, "\(spec): \(top) after \(first)") }
        #expect(metrics.scrollJumpPoints == 0, "\(spec)")
        #expect(!run.visibleItems.contains { arrived(generated).contains($0) }, "\(spec)")
    }

    /// Back at the bottom, the messages held while history was read show, newest last.
    @Test(arguments: invertedSpecs)
    func heldMessagesShowBackAtTheBottom(spec: String) throws {
        let steps = #"""
            [{"kind": "wait", "ms": 300}, {"kind": "pageDown", "screens": 3, "direction": "up"}, {"kind": "wait", "ms": 7000},
             {"kind": "scroll", "to": "end"}, {"kind": "wait", "ms": 1000}]
            """#
        let generated = try chat(extra: arrivals(5), steps: steps)
        let run = try runner(spec, generated)
        #expect(run.run().status == .completed)
        #expect(run.visibleItems.last == arrived(generated).last, "\(spec)")
    }

    /// Near the top, older pages are appended at the table's far end: what the user reads stays where it is.
    @Test(arguments: invertedSpecs)
    func olderPagesLoadAtTheTopKeepingThePlace(spec: String) throws {
        let paging = #""paging": {"pageSize": 40, "latencyMs": 300, "at": "top", "triggerScreens": 2}"#
        let steps = #"[{"kind": "wait", "ms": 300}, {"kind": "pageDown", "screens": 2, "direction": "up"}, {"kind": "wait", "ms": 3000}]"#
        let generated = try chat(messages: 400, extra: paging, steps: steps)
        let run = try runner(spec, generated)
        var tops: [(item: Int, y: Double)] = []
        run.onFrame = { runner in
            guard runner.userStep.index == 2, !runner.userStep.moving, let top = runner.screenTop else { return }
            tops.append(top)
        }
        let metrics = run.run()
        #expect(metrics.status == .completed)
        #expect((metrics.rowsDisplayed ?? 0) > 0)
        let first = try #require(tops.first)
        for top in tops { #expect(top.item == first.item && abs(top.y - first.y) < 0.5, "\(spec): \(top) after \(first)") }
    }

    /// History read upward until every message was shown, older pages
    /// loading at the top and messages arriving meanwhile: every row shown.
    @Test(arguments: invertedSpecs)
    func everyMessageShownReadingUpward(spec: String) throws {
        let extra = #""paging": {"pageSize": 50, "latencyMs": 250, "at": "top"}, "# + arrivals(10, everyMs: 3_000)
        let steps = #"[{"kind": "wait", "ms": 300}, {"kind": "scan", "direction": "up", "untilEveryPostShown": true}]"#
        let generated = try chat(messages: 400, extra: extra, steps: steps)
        let metrics = try runner(spec, generated).run()
        #expect(metrics.status == .completed, "\(spec)")
        #expect(metrics.rowsNeverDisplayed == 0, "\(spec)")
        #expect((metrics.rowsDisplayed ?? 0) >= 400, "\(spec)")
    }

    /// A list that opens at its top runs as before whatever the `position` option says.
    @Test(arguments: invertedSpecs)
    func theOptionLeavesAFeedAlone(spec: String) throws {
        let text = """
            {"version": 1, "name": "feed", "description": "a feed", "seed": 3,
             "data": {"sections": [{"id": "feed", "generate": 300}]},
             "world": [{"kind": "burst", "atMs": 500, "everyMs": 400, "forMs": 4000, "ops": {"insert": 1}}],
             "steps": [{"kind": "wait", "ms": 300}, {"kind": "scan", "untilEveryPostShown": true}]}
            """
        let generated = try Scenario.decode(Array(text.utf8)).generate()
        let plainSpec = String(spec.prefix { $0 != ":" })
        let plain = try runner(plainSpec, generated).run()
        let chosen = try runner(spec, generated).run()
        #expect(plain == chosen, "\(spec)")
    }
}
