extension Scenario {
    /// The version 2 keys this scenario uses, as JSON paths in file order
    /// (`data.kinds`, `world[2].at`): empty for a scenario that version 1
    /// can write. Decoding refuses a version 1 file that uses one, naming
    /// the first.
    ///
    /// Each feature of version 2 adds its keys here when it is used; a
    /// scenario built in code is not checked (it has no file version).
    ///
    /// - Complexity: O(steps + world events + kinds).
    public var versionTwoKeys: [String] {
        (kinds.isEmpty ? [] : ["data.kinds"]) + (grid == nil && sectionHeaderHeight == 0 ? [] : ["data.layout"]) + anchoringKeys + burstPositionKeys(world, path: "world") + itemIDKeys(steps, path: "steps")
    }

    /// The `id` of every scroll to an item by identifier.
    private func itemIDKeys(_ steps: [Step], path: String) -> [String] {
        steps.enumerated().flatMap { index, step -> [String] in
            switch step {
            case .action(.scroll(to: .itemID, _, _)): return ["\(path)[\(index)].id"]
            case .repetition(_, let children): return itemIDKeys(children, path: "\(path)[\(index)].steps")
            case .action: return []
            }
        }
    }

    /// The `at` of every burst that gives one (version 1's bursts act at random items).
    private func burstPositionKeys(_ events: [WorldEvent], path: String) -> [String] {
        events.enumerated().flatMap { index, event -> [String] in
            switch event.kind {
            case .burst(_, _, _, _, _, .some): return ["\(path)[\(index)].at"]
            case .repetition(_, _, let children): return burstPositionKeys(children, path: "\(path)[\(index)].events")
            case .burst, .change, .state: return []
            }
        }
    }
}
