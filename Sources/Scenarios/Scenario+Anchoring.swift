/// An end of a list: where it opens (`data.anchor`), where its pages go
/// (`paging.at`).
public enum ListEnd: String, CaseIterable, Equatable, Sendable {
    /// The list's first rows: a feed opens there.
    case top
    /// The list's last rows: a chat opens there, on its newest messages.
    case bottom
}

/// Which way a `scan`, `read` or `pageDown` step goes (`direction`, version 2).
enum StepDirectionName: String, CaseIterable {
    /// Down the list, towards its bottom (the default).
    case down
    /// Up the list, towards its top: a chat's history.
    case up
}

extension UserStep {
    /// Which way the step moves the content: -1 up the list (towards its
    /// top), 1 down; 1 for the steps that do not scroll. A flick's sign is its
    /// velocity's, a `scan`'s, `read`'s or `pageDown`'s its screens', a
    /// scroll's its target's (`start` is up).
    public var direction: Double {
        switch self {
        case .flick(let velocity, _, _): return velocity < 0 ? -1 : 1
        case .pageDown(let screens, _): return screens < 0 ? -1 : 1
        case .read(let pace, _): return pace.screens < 0 ? -1 : 1
        case .scan(let pace, _): return pace.screens < 0 ? -1 : 1
        case .scroll(to: .start, _, _), .scrollToTop: return -1
        case .wait, .waitForWorld, .scroll: return 1
        }
    }
}

extension Scenario {
    /// The version 2 keys of anchoring and of steps both ways, as JSON paths
    /// in file order: `data.anchor` (bottom), `paging.at` (top), and each
    /// step's `direction` (up), `velocity` (negative) or `to` (`start`).
    ///
    /// - Complexity: O(steps).
    var anchoringKeys: [String] {
        var keys: [String] = []
        if anchor != .top { keys.append("data.anchor") }
        if let paging, paging.at != .bottom { keys.append("paging.at") }
        Self.upwardStepKeys(steps, path: "steps", into: &keys)
        return keys
    }

    private static func upwardStepKeys(_ steps: [Step], path: String, into keys: inout [String]) {
        for (index, step) in steps.enumerated() {
            let stepPath = "\(path)[\(index)]"
            switch step {
            case .repetition(_, let children): upwardStepKeys(children, path: stepPath + ".steps", into: &keys)
            case .action(.flick(let velocity, _, _)) where velocity < 0: keys.append(stepPath + ".velocity")
            case .action(.scroll(to: .start, _, _)): keys.append(stepPath + ".to")
            case .action(let action):
                switch action {
                case .pageDown, .read, .scan: if action.direction < 0 { keys.append(stepPath + ".direction") }
                default: continue
                }
            }
        }
    }

    /// A flick's `velocity`: 1 to 100,000 points per second either way,
    /// negative up the list (version 2 reads the sign).
    static func decodeFlickVelocity(_ reader: inout JSONReader) throws(ScenarioError) -> Double {
        let limit = ScenarioLimits.velocity
        let velocity = try reader.double("velocity", in: -limit...limit)
        if abs(velocity) < 1, let node = reader.node("velocity") {
            throw JSONReader.error(node, reader.childPath("velocity"), .flickTooSlow(velocity, limit: limit))
        }
        return velocity
    }

    /// A step's `direction`, as the sign its screens take: 1 down (the default), -1 up.
    static func decodeDirection(_ reader: inout JSONReader) throws(ScenarioError) -> Double {
        try reader.choice("direction", of: StepDirectionName.self, default: .down) == .up ? -1 : 1
    }

    /// Pages at the top belong to a list that opens at its bottom: refused
    /// otherwise, at `paging.at`.
    func checkAnchoring(root: JSONNode) throws(ScenarioError) {
        guard let paging, paging.at == .top, anchor != .bottom else { return }
        var reader = try JSONReader(root, path: "")
        guard let pagingNode = reader.node("paging") else { return }
        var pagingReader = try JSONReader(pagingNode, path: "paging")
        throw JSONReader.error(pagingReader.node("at") ?? pagingNode, "paging.at", .pagesAtTopNeedBottomAnchor)
    }
}
