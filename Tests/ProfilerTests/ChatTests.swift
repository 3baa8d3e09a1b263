import ListData
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

/// The text of a chat scenario: `messages` messages that open at the
/// bottom, with `extra` JSON members (paging, world) and `steps`.
func chatText(messages: Int, extra: String, steps: String) -> String {
    """
    {"version": 2, "name": "chat", "description": "a chat", "seed": 26,
     "data": {"anchor": "bottom", "sections": [{"id": "messages", "generate": \(messages)}],
              "shape": {"textLength": {"min": 5, "max": 300}, "photos": {"0": 9, "1": 1}, "commentPreviews": {"min": 0, "max": 0}}},
     \(extra.isEmpty ? "" : extra + ",")
     "steps": \(steps)}
    """
}

/// A chat: `messages` messages that open at the bottom, with `extra` JSON
/// members (paging, world) and `steps`.
private func chat(messages: Int = 300, extra: String = "", steps: String) throws -> Scenario {
    try Scenario.decode(Array(chatText(messages: messages, extra: extra, steps: steps).utf8))
}

/// Messages arriving at the bottom: `times` of them, one every `everyMs` from `fromMs`.
private func arrivals(_ times: Int, everyMs: Double = 1_000, fromMs: Double = 2_000) -> String {
    """
    "world": [{"kind": "repeat", "times": \(times), "everyMs": \(everyMs),
               "events": [{"kind": "change", "op": "insert", "at": "bottom", "atMs": \(fromMs)}]}]
    """
}

/// Every built-in strategy, by its plain name.
private let everyStrategy = StrategyCatalog.builtIn.names

private func runner(_ spec: String, _ generated: GeneratedScenario) throws -> ScenarioRunner {
    ScenarioRunner(generated: generated, device: try DeviceProfile.standard(), strategy: try StrategyCatalog.builtIn.named(spec))
}

/// What the screen's top showed at each frame of step `step` while the finger was still.
private func stillFrames(_ spec: String, _ generated: GeneratedScenario, step: Int) throws -> (tops: [(item: Int, y: Double)], metrics: RunMetrics) {
    let run = try runner(spec, generated)
    var tops: [(item: Int, y: Double)] = []
    run.onFrame = { runner in
        guard runner.userStep.index == step, !runner.userStep.moving, let top = runner.screenTop else { return }
        tops.append(top)
    }
    let metrics = run.run()
    return (tops, metrics)
}

@Suite("Chats: lists that open at their bottom and scroll both ways")
struct ChatTests {
    @Test(arguments: everyStrategy)
    func opensOnItsNewestMessages(strategy: String) throws {
        let generated = try chat(steps: #"[{"kind": "wait", "ms": 500}]"#).generate()
        let run = try runner(strategy, generated)
        #expect(run.run().status == .completed)
        let last = generated.sections[0].items[generated.sections[0].items.count - 1].id
        #expect(run.visibleItems.last == last, "\(strategy)")
        #expect(run.scrollPosition.offset >= run.scrollPosition.maximum - 0.5, "\(strategy)")
    }

    /// At the bottom, every message that arrives is the last row on screen once it shows.
    @Test(arguments: everyStrategy)
    func newMessagesStickToTheBottom(strategy: String) throws {
        let generated = try chat(extra: arrivals(5), steps: #"[{"kind": "wait", "ms": 300}, {"kind": "waitForWorld"}]"#).generate()
        let run = try runner(strategy, generated)
        var lastShown = Set<Int>()
        run.onFrame = { runner in if let last = runner.visibleItems.last { lastShown.insert(last) } }
        #expect(run.run().status == .completed)
        let arrived = generated.changes.compactMap { change -> Int? in
            if case .insert(_, _, let item) = change.change { return item.id }
            return nil
        }
        #expect(arrived.count == 5)
        for item in arrived { #expect(lastShown.contains(item), "\(strategy): message \(item) never sat at the bottom") }
        #expect(run.visibleItems.last == arrived.last, "\(strategy)")
    }

    /// Reading history (three screens up), messages arriving below move nothing on screen.
    @Test(arguments: everyStrategy)
    func readingHistoryKeepsThePlace(strategy: String) throws {
        let steps = #"[{"kind": "wait", "ms": 300}, {"kind": "pageDown", "screens": 3, "direction": "up"}, {"kind": "wait", "ms": 7000}]"#
        let generated = try chat(extra: arrivals(5), steps: steps).generate()
        let (tops, metrics) = try stillFrames(strategy, generated, step: 2)
        #expect(metrics.status == .completed)
        // A frame at least for each of the 5 messages.
        #expect(tops.count >= 5, "\(strategy)")
        let first = try #require(tops.first)
        for top in tops { #expect(top.item == first.item && abs(top.y - first.y) < 0.5, "\(strategy): \(top) after \(first)") }
    }

    /// Near the top, older pages arrive above: what the user reads stays where it is.
    @Test(arguments: everyStrategy)
    func olderPagesLoadAtTheTopKeepingThePlace(strategy: String) throws {
        let paging = #""paging": {"pageSize": 40, "latencyMs": 300, "at": "top", "triggerScreens": 2}"#
        let steps = #"[{"kind": "wait", "ms": 300}, {"kind": "pageDown", "screens": 2, "direction": "up"}, {"kind": "wait", "ms": 3000}]"#
        let generated = try chat(messages: 400, extra: paging, steps: steps).generate()
        let run = try runner(strategy, generated)
        var tops: [(item: Int, y: Double)] = []
        var rowsDuringWait: [Int] = []
        run.onFrame = { runner in
            guard runner.userStep.index == 2, !runner.userStep.moving, let top = runner.screenTop else { return }
            tops.append(top)
            rowsDuringWait.append(runner.visibleItems.count)
        }
        #expect(run.run().status == .completed)
        let first = try #require(tops.first)
        for top in tops { #expect(top.item == first.item && abs(top.y - first.y) < 0.5, "\(strategy): \(top) after \(first)") }
    }

    @Test func aFlickUpScrollsUp() throws {
        let generated = try chat(steps: #"[{"kind": "wait", "ms": 300}, {"kind": "flick", "velocity": -3000}]"#).generate()
        let run = try runner("identifier-diff", generated)
        #expect(run.run().status == .completed)
        let position = run.scrollPosition
        // UIKit's deceleration carries 3,000 pt/s about 3000 × 0.5 = 1,500 points.
        #expect(position.offset < position.maximum - 1_000)
        #expect(position.offset > position.maximum - 2_000)
    }

    /// History read upward until every message was shown, older pages
    /// loading at the top and messages arriving meanwhile: every row shown.
    @Test(arguments: everyStrategy)
    func everyMessageShownReadingUpward(strategy: String) throws {
        let extra = #""paging": {"pageSize": 50, "latencyMs": 250, "at": "top"}, "# + arrivals(10, everyMs: 3_000)
        let steps = #"[{"kind": "wait", "ms": 300}, {"kind": "scan", "direction": "up", "untilEveryPostShown": true}]"#
        let generated = try chat(messages: 400, extra: extra, steps: steps).generate()
        let metrics = try runner(strategy, generated).run()
        #expect(metrics.status == .completed, "\(strategy)")
        #expect(metrics.rowsNeverDisplayed == 0, "\(strategy)")
        #expect((metrics.rowsDisplayed ?? 0) >= 400, "\(strategy)")
    }

    /// A chat that never leaves the bottom owes only what it showed.
    @Test func aChatAtItsBottomOwesOnlyWhatItPassed() throws {
        let generated = try chat(extra: arrivals(3), steps: #"[{"kind": "wait", "ms": 300}, {"kind": "waitForWorld"}]"#).generate()
        let metrics = try runner("reload", generated).run()
        #expect(metrics.rowsNeverDisplayed == 0)
        #expect((metrics.rowsDisplayed ?? .max) < 50)
    }

    /// A list that opens at its top runs as before whatever the `position` option says.
    @Test func theOptionLeavesAFeedAlone() throws {
        let text = """
            {"version": 1, "name": "feed", "description": "a feed", "seed": 3,
             "data": {"sections": [{"id": "feed", "generate": 300}]},
             "world": [{"kind": "burst", "atMs": 500, "everyMs": 400, "forMs": 4000, "ops": {"insert": 1}}],
             "steps": [{"kind": "wait", "ms": 300}, {"kind": "scan", "untilEveryPostShown": true}]}
            """
        let generated = try Scenario.decode(Array(text.utf8)).generate()
        let plain = try runner("identifier-diff", generated).run()
        let chosen = try runner("identifier-diff:position=correct", generated).run()
        #expect(plain.completionMs == chosen.completionMs && plain.mainThreadBusyMs == chosen.mainThreadBusyMs)
        #expect(plain.scrollJumpPoints == chosen.scrollJumpPoints && plain.rowsDisplayed == chosen.rowsDisplayed)
    }

    @Test func theGeneratedFormKeepsAnchoringAndPages() throws {
        let paging = #""paging": {"pageSize": 40, "at": "top"}"#
        let steps = #"[{"kind": "scroll", "to": "start", "untilAllLoaded": true}, {"kind": "read", "direction": "up"}]"#
        let generated = try chat(extra: paging, steps: steps).generate()
        #expect(generated.anchor == .bottom && generated.paging?.at == .top)
        #expect(try GeneratedScenario(decoding: generated.encoded()) == generated)
    }

    /// Waiting at the bottom while older pages land above (a first page of
    /// 15 messages fills the screen and is within four screens of its top) and messages arrive below:
    /// the bottom is kept, and keeping it is no jump.
    @Test(arguments: everyStrategy)
    func keepingTheBottomIsNoJump(strategy: String) throws {
        let extra = #""paging": {"pageSize": 15, "latencyMs": 200, "at": "top", "triggerScreens": 4}, "# + arrivals(3)
        let generated = try chat(extra: extra, steps: #"[{"kind": "wait", "ms": 6000}]"#).generate()
        let (trace, metrics) = ScenarioRunner.traced(generated: generated, device: try DeviceProfile.standard(),
                                                     strategy: try StrategyCatalog.builtIn.named(strategy))
        #expect(metrics.status == .completed, "\(strategy)")
        // Older pages did land while the user waited at the bottom.
        #expect(trace.instants.filter { $0.kind == "page" }.count >= 2, "\(strategy)")
        #expect(metrics.scrollJumpPoints < 1e-6, "\(strategy): \(metrics.scrollJumpPoints) pt")
    }

    /// With `triggerScreens: 0` a page is requested only when the top of
    /// the loaded content is on screen. A first page that fills the screen
    /// opens the list at its bottom, away from the top: no second page while
    /// the user waits there. One that fills less than a screen shows its top:
    /// pages follow until the content overfills the screen.
    @Test(arguments: everyStrategy)
    func triggerScreensZeroJudgesTheListAtItsBottom(strategy: String) throws {
        for (size, fills) in [(40, true), (2, false)] {
            let paging = #""paging": {"pageSize": \#(size), "latencyMs": 200, "at": "top", "triggerScreens": 0}"#
            let generated = try chat(extra: paging, steps: #"[{"kind": "wait", "ms": 3000}]"#).generate()
            let run = try runner(strategy, generated)
            let trace = TraceRecorder()
            run.record(into: trace)
            #expect(run.run().status == .completed, "\(strategy)")
            let pages = trace.instants.filter { $0.kind == "page" }.count
            let position = run.scrollPosition
            if fills {
                #expect(position.offset >= position.maximum - 0.5, "\(strategy): left the bottom")
                #expect(pages == 1, "\(strategy): \(pages) pages with a first page that fills the screen")
            } else {
                #expect(pages >= 2 && position.maximum > 0, "\(strategy): \(pages) pages, \(position)")
            }
        }
    }
}
