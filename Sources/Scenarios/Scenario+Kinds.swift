import ListData

/// Decoding a scenario's kinds and cell designs (`data.kinds`, version 2),
/// documented in `docs/scenario-format.md`, "Kinds and cell designs".
/// Every bad value is refused with its JSON path, line and column.
extension Scenario {
    /// The most parts a kind has, and the most times its parts may show in
    /// one item (`viewmodel-cells` numbers an item's rows in 64 places).
    static let maximumParts = 64
    static let maximumShowings = 64

    /// The kinds a section's items are drawn from, in order of
    /// ``Scenario/kinds``: each kind's weight.
    ///
    /// - Complexity: O(kinds).
    func kindWeights(of section: SectionSpec) -> [(count: Int, weight: Double)] {
        section.kinds.isEmpty
            ? kinds.enumerated().map { ($0.offset, $0.element.weight) }
            : section.kinds.map { ($0.value, $0.weight) }
    }

    /// The scenario's kinds as the strategies hold them, or nil for built-in data.
    public var kindSet: KindSet? {
        kinds.isEmpty ? nil : KindSet(name: "scenario", kinds: kinds, source: .drawn(seed: seed))
    }

    // MARK: - Decoding

    /// `data.kinds`: an array of kinds, each with a unique name.
    ///
    /// - Complexity: O(n) in the nodes.
    static func decodeKinds(_ node: JSONNode, path: String) throws(ScenarioError) -> [KindDesign] {
        var kinds: [KindDesign] = []
        for (kindNode, kindPath) in try JSONReader.array(node, path, maximum: KindSet.maximumKinds) {
            let kind = try decodeKind(kindNode, path: kindPath)
            guard !kinds.contains(where: { $0.name == kind.name }) else {
                throw JSONReader.error(kindNode, kindPath + ".name", .design(.duplicateKindName(kind.name)))
            }
            kinds.append(kind)
        }
        guard !kinds.isEmpty else { throw JSONReader.error(node, path, .design(.noKinds)) }
        return kinds
    }

    static func decodeKind(_ node: JSONNode, path: String) throws(ScenarioError) -> KindDesign {
        var reader = try JSONReader(node, path: path)
        let name = try reader.string("name")
        let weight = try reader.double("weight", in: 0...1_000_000, default: 1)
        let layout = try reader.choice("layout", of: LayoutEngine.self, default: .autolayout)
        let height = try reader.node("height").map { node throws(ScenarioError) in
            try decodeHeightRule(node, path: reader.childPath("height"))
        } ?? .selfSized(estimate: defaultEstimate)
        let views = try reader.node("views").map { node throws(ScenarioError) in
            try JSONReader.int(node, reader.childPath("views"), in: 1...1_000)
        }
        let configuresAll = try reader.bool("configuresAllViews", default: false)
        var parts: [PartDesign] = []
        let partsNode = try reader.required("parts")
        for (partNode, partPath) in try JSONReader.array(partsNode, reader.childPath("parts"), maximum: maximumParts) {
            let part = try decodePart(partNode, path: partPath)
            guard !parts.contains(where: { $0.name == part.name }) else {
                throw JSONReader.error(partNode, partPath + ".name", .design(.duplicatePartName(part.name)))
            }
            parts.append(part)
        }
        guard !parts.isEmpty else { throw JSONReader.error(partsNode, reader.childPath("parts"), .design(.noParts)) }
        let showings = parts.reduce(0) { $0 + $1.count.maximum }
        guard showings <= maximumShowings else {
            throw JSONReader.error(partsNode, reader.childPath("parts"), .design(.tooManyShowings(showings, limit: maximumShowings)))
        }
        try reader.finish()
        return KindDesign(name: name, weight: weight, layout: layout, height: height, views: views,
                          configuresAllViews: configuresAll, parts: parts)
    }

    /// A self-sized kind's estimate when the file gives none: 44 pt, UIKit's
    /// default row height (Apple, `UITableView.rowHeight`), which a table
    /// estimates rows with when it is given no estimate.
    static let defaultEstimate = 44.0

    /// `height`: `{"kind": "selfSized", "estimate": 240}`, `{"kind": "fixed", "points": 120}`
    /// or `{"kind": "delegate"}` with an optional estimate.
    static func decodeHeightRule(_ node: JSONNode, path: String) throws(ScenarioError) -> HeightRule {
        var reader = try JSONReader(node, path: path)
        let rule: HeightRule
        switch try reader.choice("kind", of: HeightRuleName.self) {
        case .selfSized: rule = .selfSized(estimate: try reader.double("estimate", in: 1...10_000, default: defaultEstimate))
        case .fixed: rule = .fixed(try reader.double("points", in: 1...10_000))
        case .delegate: rule = .delegate(estimate: try reader.optionalDouble("estimate", in: 1...10_000))
        }
        try reader.finish()
        return rule
    }

    static func decodePart(_ node: JSONNode, path: String) throws(ScenarioError) -> PartDesign {
        var reader = try JSONReader(node, path: path)
        var part = PartDesign(name: try reader.string("name"))
        if let count = reader.node("count") {
            part.count = try decodeValue(count, path: reader.childPath("count"), limit: ScenarioLimits.commentPreviews)
        }
        part.views = try reader.int("views", in: 0...1_000, default: 0)
        for (textNode, textPath) in try reader.array("texts", maximum: maximumParts) {
            part.texts.append(try decodeTextRun(textNode, path: textPath))
        }
        part.images = try reader.node("images").map { node throws(ScenarioError) in
            try decodeImages(node, path: reader.childPath("images"))
        }
        part.controls = try reader.int("controls", in: 0...100, default: 0)
        part.height = try reader.optionalDouble("height", in: 0...10_000)
        part.padding = try reader.double("padding", in: 0...10_000, default: 0)
        part.nodes = try reader.node("nodes").map { node throws(ScenarioError) in
            try JSONReader.int(node, reader.childPath("nodes"), in: 0...1_000)
        }
        part.textNodes = try reader.node("textNodes").map { node throws(ScenarioError) in
            try JSONReader.int(node, reader.childPath("textNodes"), in: 0...1_000)
        }
        try reader.finish()
        return part
    }

    static func decodeTextRun(_ node: JSONNode, path: String) throws(ScenarioError) -> TextRun {
        var reader = try JSONReader(node, path: path)
        let length = try decodeValue(try reader.required("length"), path: reader.childPath("length"), limit: ScenarioLimits.textLength)
        let fontSize = try reader.double("fontSize", in: 1...200, default: 15)
        // Estimate: the feed's 15 pt text on 20 pt lines, a third more than the size.
        let lineHeight = try reader.double("lineHeight", in: 1...400, default: (fontSize * 4 / 3).rounded())
        let maxLines = try reader.node("maxLines").map { node throws(ScenarioError) in
            try JSONReader.int(node, reader.childPath("maxLines"), in: 1...10_000)
        }
        let inset = try reader.double("inset", in: 0...500, default: 16)
        try reader.finish()
        return TextRun(length: length, fontSize: fontSize, lineHeight: lineHeight, maxLines: maxLines, inset: inset)
    }

    static func decodeImages(_ node: JSONNode, path: String) throws(ScenarioError) -> ImageSet {
        var reader = try JSONReader(node, path: path)
        let count = try reader.node("count").map { node throws(ScenarioError) in
            try decodeValue(node, path: reader.childPath("count"), limit: ScenarioLimits.photos)
        } ?? .fixed(1)
        let pixels = try reader.node("pixels").map { node throws(ScenarioError) -> (width: Int, height: Int) in
            var size = try JSONReader(node, path: reader.childPath("pixels"))
            let result = (width: try size.int("width", in: 1...maximumPixelSide), height: try size.int("height", in: 1...maximumPixelSide))
            try size.finish()
            return result
        }
        let display = try decodeDisplay(try reader.required("display"), path: reader.childPath("display"))
        let single = try reader.node("single").map { node throws(ScenarioError) in
            try decodeDisplay(node, path: reader.childPath("single"))
        }
        let columns = try reader.int("columns", in: 1...20, default: 1)
        let maxShown = try reader.node("maxShown").map { node throws(ScenarioError) in
            try JSONReader.int(node, reader.childPath("maxShown"), in: 0...ScenarioLimits.photos)
        }
        try reader.finish()
        return ImageSet(count: count, pixels: pixels, display: display, single: single, columns: columns, maxShown: maxShown)
    }

    /// The longest side of an image's source, in pixels (estimate: a 48 MP
    /// camera's photo is 8,064 pixels wide; 20,000 leaves room for panoramas).
    static let maximumPixelSide = 20_000

    /// A display size: points, or a fraction of the cell's width and an aspect (height ÷ width).
    static func decodeDisplay(_ node: JSONNode, path: String) throws(ScenarioError) -> DisplaySize {
        guard case .object(let members) = node.value else { throw JSONReader.error(node, path, .design(.displaySize)) }
        var reader = try JSONReader(node, path: path)
        let size: DisplaySize
        if members.contains(where: { $0.key == "widthFraction" }) {
            size = .fraction(try reader.double("widthFraction", in: 0.001...1), aspect: try reader.double("aspect", in: 0.01...100))
        } else if members.contains(where: { $0.key == "width" }) {
            size = .points(width: try reader.double("width", in: 1...10_000), height: try reader.double("height", in: 1...10_000))
        } else {
            throw JSONReader.error(node, path, .design(.displaySize))
        }
        try reader.finish()
        return size
    }

    /// A whole number an item draws: `3`, `{"min": 1, "max": 4}`,
    /// `{"weights": {"0": 5, "1": 3}}` or `{"chance": 0.2}`, each at most `limit`.
    static func decodeValue(_ node: JSONNode, path: String, limit: Int) throws(ScenarioError) -> DesignValue {
        switch node.value {
        case .number: return .fixed(try JSONReader.int(node, path, in: 0...limit))
        case .object(let members):
            var reader = try JSONReader(node, path: path)
            let value: DesignValue
            if members.contains(where: { $0.key == "weights" }) {
                let weights = try decodePhotoWeights(try reader.required("weights"), path: reader.childPath("weights"), limit: limit, value: true)
                value = DesignValue(.weights(weights.map { .init($0.count, weight: $0.weight) }))
            } else if members.contains(where: { $0.key == "chance" }) {
                value = DesignValue(.chance(try reader.double("chance", in: 0...1)))
            } else {
                let range = try decodeRange(node, path: path, limit: limit)
                return DesignValue(.range(min: range.min, max: range.max))
            }
            try reader.finish()
            return value
        default:
            throw JSONReader.error(node, path, .design(.value(found: node.kind)))
        }
    }

    /// A section's `kinds`: kind names to weights, at least one positive.
    static func decodeSectionKinds(_ node: JSONNode, path: String, kinds: [KindDesign]) throws(ScenarioError) -> [DesignValue.Weighted] {
        guard case .object(let members) = node.value else {
            throw JSONReader.error(node, path, .expected(.object, found: node.kind))
        }
        var weights: [DesignValue.Weighted] = []
        for (key, value) in members {
            guard let index = kinds.firstIndex(where: { $0.name == key }) else {
                throw JSONReader.error(value, "\(path).\(key)", .notOneOf(key, choices: kinds.map(\.name)))
            }
            weights.append(.init(index, weight: try JSONReader.double(value, "\(path).\(key)", in: 0...1_000_000)))
        }
        guard weights.contains(where: { $0.weight > 0 }) else { throw JSONReader.error(node, path, .design(.noPositiveKindWeight)) }
        return weights.sorted { $0.value < $1.value }
    }
}

/// The names of ``HeightRule``'s forms in a file.
enum HeightRuleName: String, CaseIterable {
    case selfSized, fixed, delegate
}

extension Scenario {
    /// An item given explicitly in a feed with kinds: its `id` and `kind`
    /// (its values come from the kind's design).
    static func decodeExplicitItem(_ node: JSONNode, path: String, kinds: [KindDesign]) throws(ScenarioError) -> ExplicitPost {
        var reader = try JSONReader(node, path: path)
        let id = try reader.int("id", in: 1...Int(Int32.max))
        let kindNode = try reader.required("kind")
        let name = try JSONReader.choice(kindNode, reader.childPath("kind"), kinds.map(\.name))
        try reader.finish()
        return ExplicitPost(id: id, textLength: 0, photos: 0, linkCard: false, video: false, commentPreviews: 0, reactions: false,
                            kind: kinds.firstIndex { $0.name == name })
    }
}
