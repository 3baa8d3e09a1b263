import ListData
import ListSimulator

extension Scenario {
    /// Decodes and validates a scenario from the bytes of a file.
    ///
    /// Rejects, each with one message: empty or binary input, input over
    /// ``ScenarioLimits/fileBytes``, JSON syntax errors (with line and
    /// column), any missing, mistyped, unknown or out-of-range value, and
    /// any row, index or count past the data at that point
    /// (``positionViolation()``), each with its JSON path, line and column.
    ///
    /// - Complexity: O(n) in the file's size, plus the position check's
    ///   O(e log e) in the expanded world events.
    public static func decode(_ bytes: [UInt8]) throws(ScenarioError) -> Scenario {
        try decode(try parsed(bytes))
    }

    /// The bytes of a file as a JSON tree, after the checks every scenario
    /// file passes first (not empty, within the size limit, text, JSON);
    /// ``decode(_:)`` goes on from here.
    ///
    /// - Complexity: O(n) in the file's size.
    static func parsed(_ bytes: [UInt8]) throws(ScenarioError) -> JSONNode {
        guard !bytes.isEmpty, bytes.contains(where: { !$0.isWhitespace }) else { throw .emptyFile }
        guard bytes.count <= ScenarioLimits.fileBytes else {
            throw .tooLarge(bytes: bytes.count, limit: ScenarioLimits.fileBytes)
        }
        // The whole buffer at once first; only a file that fails is looked at byte by byte.
        if bytes.contains(0) || String(validating: bytes, as: UTF8.self) == nil, let flaw = ScenarioText.firstFlaw(bytes) {
            throw ScenarioText.error(bytes, at: flaw)
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw .syntax(message: error.message, line: error.line, column: error.column)
        }
    }

    static func decode(_ root: JSONNode) throws(ScenarioError) -> Scenario {
        var reader = try JSONReader(root, path: "")
        let versionNode = try reader.required("version")
        let version = try JSONReader.int(versionNode, "version", in: Int.min...Int.max)
        guard readableVersions.contains(version) else {
            throw JSONReader.error(versionNode, "version", .unsupportedVersion(version))
        }
        let name = try reader.string("name")
        let summary = try reader.string("description")
        let reproduces = try reader.optionalString("reproduces")
        let device = try reader.optionalString("device")
        if let device, let node = reader.node("device"), !DeviceProfile.shippedNames.contains(device) {
            throw JSONReader.error(node, "device", .unknownDevice(device, shipped: DeviceProfile.shippedNames))
        }
        let seed = UInt64(try reader.int("seed", in: 0...Int(Int32.max)))
        var anchor = ListEnd.top
        var kinds: [KindDesign] = []
        var layout = (grid: GridLayout?.none, headerHeight: 0.0)
        let data = try decodeData(try reader.required("data"), path: "data", anchor: &anchor, kinds: &kinds, layout: &layout)
        let paging = try reader.node("paging").map { node throws(ScenarioError) in try decodePaging(node, path: "paging") }
        var world: [WorldEvent] = []
        for (node, path) in try reader.array("world", maximum: ScenarioLimits.worldEvents) {
            world.append(try decodeWorldEvent(node, path: path, data: data))
        }
        var steps: [Step] = []
        for (node, path) in try reader.array("steps", maximum: ScenarioLimits.steps) {
            steps.append(try decodeStep(node, path: path, data: data))
        }
        try reader.finish()
        let scenario = Scenario(
            version: version, name: name, summary: summary, reproduces: reproduces, device: device, seed: seed, data: data,
            paging: paging, world: world, steps: steps, anchor: anchor, kinds: kinds, grid: layout.grid,
            sectionHeaderHeight: layout.headerHeight)
        try scenario.checkAnchoring(root: root)
        if version < 2, let key = scenario.versionTwoKeys.first {
            throw JSONReader.error(versionNode, "version", .needsVersionTwo(key: key))
        }
        try scenario.checkExpandedSizes(root: root)
        if let violation = scenario.positionViolation() {
            let (node, path) = locate(violation, in: root)
            throw JSONReader.error(node, path, .position(violation.problem))
        }
        return scenario
    }

    // MARK: - Data

    /// `data`; where the list opens (`data.anchor`) goes to `anchor`, a feed's kinds (`data.kinds`) to `kinds`.
    static func decodeData(_ node: JSONNode, path: String, anchor: inout ListEnd, kinds: inout [KindDesign],
                           layout: inout (grid: GridLayout?, headerHeight: Double)) throws(ScenarioError) -> ScenarioData {
        var reader = try JSONReader(node, path: path)
        anchor = try reader.choice("anchor", of: ListEnd.self, default: .top)
        if let layoutNode = reader.node("layout") {
            layout = try decodeLayout(layoutNode, path: reader.childPath("layout"))
            if layout.grid != nil || layout.headerHeight > 0, anchor == .bottom {
                throw JSONReader.error(layoutNode, reader.childPath("layout"), .gridAtBottom)
            }
        }
        switch try reader.choice("template", of: TemplateName.self, default: .feed) {
        case .restaurantDetail:
            if let kindsNode = reader.node("kinds") { throw JSONReader.error(kindsNode, reader.childPath("kinds"), .design(.kindsNeedFeed)) }
            if let layoutNode = reader.node("layout") { throw JSONReader.error(layoutNode, reader.childPath("layout"), .layoutNeedsFeed) }
            let state = try reader.node("state").map { node throws(ScenarioError) in
                try decodeState(node, path: reader.childPath("state"))
            } ?? DetailState()
            try reader.finish()
            return .restaurantDetail(initial: state)
        case .feed:
            return try decodeFeed(&reader, node: node, kinds: &kinds)
        }
    }

    /// The `data` of the `feed` template: sections of generated and explicit posts.
    private static func decodeFeed(_ reader: inout JSONReader, node: JSONNode, kinds: inout [KindDesign]) throws(ScenarioError) -> ScenarioData {
        if let kindsNode = reader.node("kinds") { kinds = try decodeKinds(kindsNode, path: reader.childPath("kinds")) }
        if !kinds.isEmpty, let shapeNode = reader.node("shape") {
            throw JSONReader.error(shapeNode, reader.childPath("shape"), .design(.shapeWithKinds))
        }
        let shape = try reader.node("shape").map { node throws(ScenarioError) in
            try decodeShape(node, path: reader.childPath("shape"))
        } ?? PostShapeSpec()
        var sections: [SectionSpec] = []
        var total = 0
        var ids = Set<String>()
        var explicitIDs = Set<Int>()
        for (sectionNode, sectionPath) in try reader.array("sections", maximum: ScenarioLimits.sections) {
            var section = try JSONReader(sectionNode, path: sectionPath)
            let id = try section.string("id")
            guard ids.insert(id).inserted else {
                throw JSONReader.error(sectionNode, sectionPath + ".id", .duplicateSectionID(id))
            }
            let generate = try section.int("generate", in: 0...ScenarioLimits.items, default: 0)
            var sectionKinds: [DesignValue.Weighted] = []
            if let kindsNode = section.node("kinds") {
                guard !kinds.isEmpty else { throw JSONReader.error(kindsNode, section.childPath("kinds"), .design(.kindsUndeclared(key: "kinds"))) }
                sectionKinds = try decodeSectionKinds(kindsNode, path: section.childPath("kinds"), kinds: kinds)
            }
            var items: [ExplicitPost] = []
            for (itemNode, itemPath) in try section.array("items", maximum: ScenarioLimits.items) {
                let post = try kinds.isEmpty
                    ? decodeExplicitPost(itemNode, path: itemPath) : decodeExplicitItem(itemNode, path: itemPath, kinds: kinds)
                guard explicitIDs.insert(post.id).inserted else {
                    throw JSONReader.error(itemNode, itemPath + ".id", .duplicateItemID(post.id))
                }
                items.append(post)
            }
            try section.finish()
            total += generate + items.count
            guard total <= ScenarioLimits.items else {
                throw JSONReader.error(sectionNode, sectionPath, .tooManyItems(limit: ScenarioLimits.items))
            }
            // A section that draws from data.kinds' own weights needs one of them positive.
            if sectionKinds.isEmpty, !kinds.isEmpty, !kinds.contains(where: { $0.weight > 0 }), let kindsNode = reader.node("kinds") {
                throw JSONReader.error(kindsNode, reader.childPath("kinds"), .design(.noPositiveKindWeight))
            }
            sections.append(SectionSpec(id: id, generate: generate, items: items, kinds: sectionKinds))
        }
        guard !sections.isEmpty else {
            throw JSONReader.error(node, reader.childPath("sections"), .noSections)
        }
        try reader.finish()
        return .feed(sections: sections, shape: shape)
    }

    static func decodeShape(_ node: JSONNode, path: String) throws(ScenarioError) -> PostShapeSpec {
        var reader = try JSONReader(node, path: path)
        var shape = PostShapeSpec()
        if let range = reader.node("textLength") {
            shape.textLength = try decodeRange(range, path: reader.childPath("textLength"), limit: ScenarioLimits.textLength)
        }
        if let weights = reader.node("photos") {
            shape.photos = try decodePhotoWeights(weights, path: reader.childPath("photos"))
        }
        shape.linkCard = try reader.double("linkCard", in: 0...1, default: shape.linkCard)
        shape.video = try reader.double("video", in: 0...1, default: shape.video)
        shape.reactions = try reader.double("reactions", in: 0...1, default: shape.reactions)
        if let range = reader.node("commentPreviews") {
            shape.commentPreviews = try decodeRange(
                range, path: reader.childPath("commentPreviews"), limit: ScenarioLimits.commentPreviews)
        }
        try reader.finish()
        return shape
    }

    static func decodeRange(_ node: JSONNode, path: String, limit: Int) throws(ScenarioError) -> IntRange {
        var reader = try JSONReader(node, path: path)
        let low = try reader.int("min", in: 0...limit)
        let high = try reader.int("max", in: 0...limit)
        guard low <= high else {
            throw JSONReader.error(node, path, .minAboveMax(min: low, max: high))
        }
        try reader.finish()
        return IntRange(min: low, max: high)
    }

    /// Weights by whole number (`{"0": 5, "1": 3}`): a shape's photo counts,
    /// or, with `value`, a design value's counts or lengths (other messages).
    static func decodePhotoWeights(_ node: JSONNode, path: String, limit: Int = ScenarioLimits.photos, value: Bool = false)
        throws(ScenarioError) -> [(count: Int, weight: Double)] {
        guard case .object(let members) = node.value else {
            throw JSONReader.error(node, path, .expected(.photoWeights, found: node.kind))
        }
        var weights: [(count: Int, weight: Double)] = []
        for (key, member) in members {
            guard let count = Int(key), (0...limit).contains(count) else {
                throw JSONReader.error(member, "\(path).\(key)", value ? .design(.weightKey(key, limit: limit)) : .photoCount(key, limit: limit))
            }
            weights.append((count, try JSONReader.double(member, "\(path).\(key)", in: 0...1_000_000)))
        }
        guard weights.contains(where: { $0.weight > 0 }) else {
            throw JSONReader.error(node, path, value ? .design(.noPositiveValueWeight) : .noPositivePhotoWeight)
        }
        return weights.sorted { $0.count < $1.count }
    }

    static func decodeExplicitPost(_ node: JSONNode, path: String) throws(ScenarioError) -> ExplicitPost {
        var reader = try JSONReader(node, path: path)
        let post = ExplicitPost(
            id: try reader.int("id", in: 1...Int(Int32.max)),
            textLength: try reader.int("textLength", in: 0...ScenarioLimits.textLength, default: 100),
            photos: try reader.int("photos", in: 0...ScenarioLimits.photos, default: 0),
            linkCard: try reader.bool("linkCard", default: false),
            video: try reader.bool("video", default: false),
            commentPreviews: try reader.int("commentPreviews", in: 0...ScenarioLimits.commentPreviews, default: 0),
            reactions: try reader.bool("reactions", default: false))
        try reader.finish()
        return post
    }

    static func decodeState(_ node: JSONNode, path: String) throws(ScenarioError) -> DetailState {
        guard case .object(let members) = node.value else {
            throw JSONReader.error(node, path, .expected(.detailState, found: node.kind))
        }
        var values: [String: Int] = [:]
        for (key, value) in members {
            let keyPath = "\(path).\(key)"
            guard DetailState.keys.contains(key) else {
                throw JSONReader.error(value, keyPath, .unknownStateKey(key, allowed: DetailState.keys))
            }
            if case .bool(let flag) = value.value {
                values[key] = flag ? 1 : 0
            } else {
                values[key] = try JSONReader.int(value, keyPath, in: 0...1_000)
            }
        }
        return DetailState(values: values)
    }

    /// `data.layout`: a list (no grid) or a grid, and its sections' header height.
    static func decodeLayout(_ node: JSONNode, path: String) throws(ScenarioError) -> (grid: GridLayout?, headerHeight: Double) {
        var reader = try JSONReader(node, path: path)
        let kind = try reader.choice("kind", of: LayoutKind.self)
        let headerHeight = try reader.double("headerHeight", in: 0...200, default: 0)
        switch kind {
        case .list:
            try reader.finish()
            return (nil, headerHeight)
        case .grid:
            let grid = GridLayout(columns: try reader.int("columns", in: ScenarioLimits.gridColumns),
                                  itemAspect: try reader.double("itemAspect", in: 0.1...10, default: 1),
                                  spacing: try reader.double("spacing", in: 0...64, default: 0))
            try reader.finish()
            return (grid, headerHeight)
        }
    }

    static func decodePaging(_ node: JSONNode, path: String) throws(ScenarioError) -> Paging {
        var reader = try JSONReader(node, path: path)
        var paging = Paging(
            pageSize: try reader.int("pageSize", in: 1...ScenarioLimits.pageSize),
            latencyMs: try reader.double("latencyMs", in: 0...600_000, default: 300),
            jitterMs: try reader.double("jitterMs", in: 0...600_000, default: 0),
            triggerScreens: try reader.double("triggerScreens", in: 0...100, default: 2))
        paging.trigger = try reader.choice("trigger", of: PagingTrigger.self, default: .screens)
        paging.at = try reader.choice("at", of: ListEnd.self, default: .bottom)
        if paging.trigger != .screens, let screens = reader.node("triggerScreens") {
            throw JSONReader.error(screens, reader.childPath("triggerScreens"), .triggerScreensWithTrigger(paging.trigger))
        }
        try reader.finish()
        return paging
    }

    // MARK: - Events and steps

    static func sectionIDs(_ data: ScenarioData) -> [String] {
        switch data {
        case .feed(let sections, _): return sections.map(\.id)
        case .restaurantDetail: return DetailTemplate.sections
        }
    }

    static func decodeSection(_ reader: inout JSONReader, data: ScenarioData) throws(ScenarioError) -> String? {
        guard let node = reader.node("section") else { return nil }
        return try JSONReader.choice(node, reader.childPath("section"), sectionIDs(data))
    }

    static func decodeWorldEvent(_ node: JSONNode, path: String, data: ScenarioData) throws(ScenarioError) -> WorldEvent {
        var reader = try JSONReader(node, path: path)
        let kind = try reader.choice("kind", of: WorldEventKindName.self)
        let atMs = try reader.double("atMs", in: 0...ScenarioLimits.timeMs, default: 0)
        let event: WorldEvent.Kind
        switch kind {
        case .change:
            let operation = try reader.choice("op", of: ChangeOperation.self)
            let count = try reader.int("count", in: 1...ScenarioLimits.changesAtOnce, default: 1)
            let position = try decodePosition(&reader)
            event = .change(operation, count: count, at: position, section: try decodeSection(&reader, data: data))
        case .burst:
            let everyMs = try reader.double("everyMs", in: 0.1...ScenarioLimits.timeMs)
            let forMs = try reader.double("forMs", in: 0...ScenarioLimits.timeMs)
            let changes = try reader.int("changes", in: 1...ScenarioLimits.changesAtOnce, default: 1)
            var weights: [ChangeOperation: Double] = [.insert: 1, .delete: 1, .move: 1, .update: 1]
            if let opsNode = reader.node("ops") {
                var ops = try JSONReader(opsNode, path: reader.childPath("ops"))
                for operation in ChangeOperation.allCases {
                    weights[operation] = try ops.double(operation.rawValue, in: 0...1_000_000, default: 0)
                }
                try ops.finish()
                guard weights.values.contains(where: { $0 > 0 }) else {
                    throw JSONReader.error(opsNode, reader.childPath("ops"), .noPositiveOperationWeight)
                }
            }
            let position = reader.node("at") == nil ? nil : try decodePosition(&reader)
            event = .burst(everyMs: everyMs, forMs: forMs, changes: changes, weights: weights,
                           section: try decodeSection(&reader, data: data), at: position)
        case .state:
            guard case .restaurantDetail = data else {
                throw JSONReader.error(node, path, .stateEventsNeedDetail)
            }
            event = .state(try decodeState(try reader.required("state"), path: reader.childPath("state")))
        case .repetition:
            let times = try reader.int("times", in: 1...ScenarioLimits.repeatTimes)
            let everyMs = try reader.double("everyMs", in: 0...ScenarioLimits.timeMs)
            var events: [WorldEvent] = []
            for (child, childPath) in try reader.array("events", maximum: ScenarioLimits.worldEvents) {
                events.append(try decodeWorldEvent(child, path: childPath, data: data))
            }
            event = .repetition(times: times, everyMs: everyMs, events: events)
        }
        try reader.finish()
        return WorldEvent(atMs: atMs, kind: event)
    }

    /// A change's `at`: an index, or `top`, `bottom` or `random` (the documented default when absent).
    static func decodePosition(_ reader: inout JSONReader) throws(ScenarioError) -> ChangePosition {
        guard let node = reader.node("at") else { return .random }
        if case .number = node.value { return .index(try JSONReader.int(node, reader.childPath("at"), in: 0...ScenarioLimits.items)) }
        switch try JSONReader.choice(node, reader.childPath("at"), of: PositionName.self) {
        case .top: return .top
        case .bottom: return .bottom
        case .random: return .random
        }
    }

    static func decodeStep(_ node: JSONNode, path: String, data: ScenarioData) throws(ScenarioError) -> Step {
        var reader = try JSONReader(node, path: path)
        let kind = try reader.choice("kind", of: StepKindName.self)
        let step: Step
        switch kind {
        case .wait:
            step = .wait(ms: try reader.double("ms", in: 0...ScenarioLimits.timeMs))
        case .waitForWorld:
            step = .waitForWorld(throughMs: try reader.optionalDouble("throughMs", in: 0...ScenarioLimits.timeMs))
        case .scroll:
            let target: ScrollTarget
            switch try reader.choice("to", of: ScrollTargetName.self) {
            case .end: target = .end
            case .start: target = .start
            case .offset: target = .offset(try reader.double("offset", in: 0...1e9))
            case .item where reader.node("id") != nil:
                if let index = reader.node("item") { throw JSONReader.error(index, reader.childPath("item"), .itemAndID) }
                if let section = reader.node("section") { throw JSONReader.error(section, reader.childPath("section"), .sectionWithID) }
                let id = try reader.int("id", in: 0...Int(Int32.max))
                target = .itemID(id, notLoaded: try reader.choice("notLoaded", of: NotLoadedJump.self, default: .load))
            case let kind:
                // A row or an item of a section; no section: the first, as documented.
                let named = try decodeSection(&reader, data: data)
                guard let section = named ?? sectionIDs(data).first else {
                    throw JSONReader.error(node, reader.childPath("section"), kind == .row ? .rowTargetWithoutSections : .itemTargetWithoutSections)
                }
                let position = try reader.int(kind.rawValue, in: 0...ScenarioLimits.items)
                target = kind == .row ? .row(section: section, row: position) : .item(section: section, index: position)
            }
            let velocity = try reader.optionalDouble("velocity", in: 1...ScenarioLimits.velocity)
            let duration = try reader.optionalDouble("durationMs", in: 0...ScenarioLimits.timeMs)
            if velocity != nil, duration != nil {
                throw JSONReader.error(node, path, .velocityAndDuration)
            }
            let pace: ScrollPace = duration.map { .durationMs($0) } ?? .velocity(velocity ?? ScrollPace.defaultPointsPerSecond)
            step = .scroll(to: target, pace: pace, untilAllLoaded: try reader.bool("untilAllLoaded", default: false))
        case .flick:
            step = .flick(
                velocity: try decodeFlickVelocity(&reader),
                deceleration: try reader.double("deceleration", in: 0.9...0.9999, default: 0.998),
                until: try Self.repeatGoal(&reader))
        case .pageDown:
            step = .pageDown(
                screens: try reader.double("screens", in: 0.1...100, default: 1) * decodeDirection(&reader),
                until: try Self.repeatGoal(&reader))
        case .read:
            let pace = ReadingPace(
                screens: try reader.double("screens", in: 0.1...100, default: 1) * decodeDirection(&reader),
                swipeMs: try reader.double("swipeMs", in: 1...60_000, default: ReadingPace.defaultSwipeMs),
                dwellMsPerPost: try reader.double("dwellMsPerPost", in: 0...600_000, default: ReadingPace.defaultDwellMsPerPost))
            step = .read(pace, until: try Self.repeatGoal(&reader))
        case .scan:
            let pace = ScanPace(
                screens: try reader.double("screens", in: 0.1...100, default: 1) * decodeDirection(&reader),
                swipeMs: try reader.double("swipeMs", in: 1...60_000, default: ReadingPace.defaultSwipeMs))
            step = .scan(pace, until: try Self.repeatGoal(&reader))
        case .scrollToTop:
            step = .scrollToTop
        case .repetition:
            let times = try reader.int("times", in: 1...ScenarioLimits.repeatTimes)
            var steps: [Step] = []
            for (child, childPath) in try reader.array("steps", maximum: ScenarioLimits.steps) {
                steps.append(try decodeStep(child, path: childPath, data: data))
            }
            step = .repetition(times: times, steps: steps)
        }
        try reader.finish()
        return step
    }

    /// `untilAllLoaded` and `untilEveryPostShown` (which includes it), both booleans defaulting to false.
    static func repeatGoal(_ reader: inout JSONReader) throws(ScenarioError) -> RepeatGoal {
        let allLoaded = try reader.bool("untilAllLoaded", default: false)
        if try reader.bool("untilEveryPostShown", default: false) { return .everyPostShown }
        return allLoaded ? .allLoaded : .once
    }

    // MARK: - Expanded sizes

    /// Rejects scenarios whose repeats and bursts expand past the limits.
    func checkExpandedSizes(root: JSONNode) throws(ScenarioError) {
        let stepCount = steps.reduce(0.0) { $0 + Self.expandedCount($1) }
        if stepCount > Double(ScenarioLimits.steps) {
            throw JSONReader.error(Self.member("steps", of: root), "steps", .tooManySteps(expanded: stepCount, limit: ScenarioLimits.steps))
        }
        let eventCount = world.reduce(0.0) { $0 + Self.expandedCount($1) }
        if eventCount > Double(ScenarioLimits.worldEvents) {
            throw JSONReader.error(Self.member("world", of: root), "world",
                                   .tooManyWorldChanges(expanded: eventCount, limit: ScenarioLimits.worldEvents))
        }
    }

    /// A top-level key's value (the array whose expansion is over a limit), for
    /// its line and column; the top level itself if the key is not there.
    private static func member(_ key: String, of root: JSONNode) -> JSONNode {
        guard case .object(let members) = root.value else { return root }
        return members.first { $0.key == key }?.node ?? root
    }

    static func expandedCount(_ step: Step) -> Double {
        if case .repetition(let times, let steps) = step {
            return Double(times) * steps.reduce(0.0) { $0 + expandedCount($1) }
        }
        return 1
    }

    static func expandedCount(_ event: WorldEvent) -> Double {
        switch event.kind {
        case .change(_, let count, _, _): return Double(count)
        case .burst(let everyMs, let forMs, let changes, _, _, _): return (forMs / everyMs).rounded(.down) * Double(changes) + Double(changes)
        case .state: return 1
        case .repetition(let times, _, let events): return Double(times) * events.reduce(0.0) { $0 + expandedCount($1) }
        }
    }
}

/// The names a scenario file uses for its choices, in the order messages list them.
enum TemplateName: String, CaseIterable {
    case feed
    case restaurantDetail = "restaurant-detail"
}

enum WorldEventKindName: String, CaseIterable {
    case change, burst, state
    case repetition = "repeat"
}

enum PositionName: String, CaseIterable {
    case top, bottom, random
}

enum StepKindName: String, CaseIterable {
    case wait, waitForWorld, scroll, flick, pageDown, read, scan, scrollToTop
    case repetition = "repeat"
}

enum ScrollTargetName: String, CaseIterable {
    case end, offset, row, item, start
}

extension UInt8 {
    var isWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
