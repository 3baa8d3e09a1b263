extension Scenario {
    /// The scenario of `listbench sim-bench`'s change case: the shipped
    /// `large-list` at another scale. `items` short posts in one section
    /// (large-list's shape and seed), and `bursts` bursts of world changes,
    /// the first at 2 s and then every 4 s, each of `changesPerBurst`
    /// changes at once in large-list's mix (of every 7: 2 inserts, 2 deletes,
    /// 1 move, 2 updates, at random positions), while the user scrolls as in
    /// large-list (wait 1 s, scroll to 60,000 pt at 5,000 pt/s, wait 12 s,
    /// scroll to top, wait 2 s).
    ///
    /// With `items` 100,000, `changesPerBurst` 7,000 and `bursts` 5 it is
    /// large-list itself (`ChangeBenchScenarioTests` checks that it
    /// generates the same data and events).
    ///
    /// - Precondition: the values are within ``ScenarioLimits`` (the caller validates them).
    public static func changeBenchmark(items: Int, changesPerBurst: Int, bursts: Int) -> Scenario {
        let share = { (sevenths: Int) in changesPerBurst * sevenths / 7 }
        let inserts = share(2), deletes = share(2), moves = share(1)
        let updates = changesPerBurst - inserts - deletes - moves
        let events = [(ChangeOperation.insert, inserts), (.delete, deletes), (.move, moves), (.update, updates)]
            .filter { $0.1 > 0 }
            .map { WorldEvent(atMs: 0, kind: .change($0.0, count: $0.1, at: .random, section: "feed")) }
        var shape = PostShapeSpec()
        shape.textLength = IntRange(min: 10, max: 120)
        shape.photos = [(0, 9), (1, 1)]
        shape.linkCard = 0
        shape.video = 0
        shape.reactions = 0.2
        shape.commentPreviews = IntRange(min: 0, max: 0)
        return Scenario(
            name: "change-bench-\(items)x\(changesPerBurst)",
            summary: "large-list at scale: \(items) items, \(bursts) bursts of \(changesPerBurst) changes",
            reproduces: "listbench sim-bench's change case",
            device: nil, seed: 100_000,
            data: .feed(sections: [SectionSpec(id: "feed", generate: items, items: [])], shape: shape),
            paging: nil,
            world: [WorldEvent(atMs: 2_000, kind: .repetition(times: bursts, everyMs: 4_000, events: events))],
            steps: [
                .wait(ms: 1_000),
                .scroll(to: .offset(60_000), pace: .velocity(5_000), untilAllLoaded: false),
                .wait(ms: 12_000),
                .scrollToTop,
                .wait(ms: 2_000),
            ])
    }
}
