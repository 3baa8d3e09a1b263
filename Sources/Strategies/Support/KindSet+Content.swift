import ListData
import ListSimulator

/// What a cell shows, from its item's kind design (``KindSet``): the one
/// place where a design and an item's values become views, text, images and
/// a height, for every strategy.
///
/// Geometry, at a cell `width` points wide on a screen of `scale`:
/// - a text run takes ``TextRun/lines(_:width:)`` lines of its line height;
/// - images show ``ImageSet/columns`` to a row, each at its display size
///   (a lone image at ``ImageSet/single`` when given); the part is as tall
///   as its rows;
/// - controls take one row of ``PartDesign/controlRowHeight``;
/// - a part with a ``PartDesign/height`` is that tall, whatever it holds.
///
/// Images: decoding one costs its source pixels (``ImageSet/pixels``, or its
/// display pixels when the design gives none); its memory is its source
/// pixels × 4 bytes when decoded as set (on main at commit), or its display
/// pixels × 4 when an image library decodes and downsamples it off main
/// (``CellContent/imageDisplayPixels``). More images, or larger ones, cost
/// more: each image is counted.
extension KindSet {
    /// One part of an item as it shows: how many times, and what one showing
    /// holds. The part is named by its index in its kind's parts, not copied
    /// (a copy retains its name, texts and images: a few percent of building
    /// `viewmodel-cells`' components at a million items).
    struct Showing {
        /// The part's index in ``KindDesign/parts`` of the item's kind.
        var index: Int
        var count: Int
        var views: Int
        var lines: Int
        var characters: Int
        var sourcePixels: Double
        var displayPixels: Double
        var height: Double
        var imagesShown: Int
    }

    /// The item's parts as they show (absent parts included, with a count of 0).
    ///
    /// With `unbound`, every value the item would draw is 0 (a cell's design before data is bound).
    ///
    /// - Complexity: O(parts + texts).
    func showings(of item: Item, width: Double, scale: Double, unbound: Bool = false) -> [Showing] {
        var result: [Showing] = []
        result.reserveCapacity(flatKind(of: item).parts.count)
        forEachShowing(of: item, width: width, scale: scale, unbound: unbound) { result.append($0) }
        return result
    }

    /// ``showings(of:width:scale:unbound:)`` one at a time, in order, with
    /// no array: content and components are asked for every row bound and
    /// every post a factory builds. The design is read in its flat form
    /// (``KindSet/FlatKind``): plain numbers, nothing retained per value.
    ///
    /// - Complexity: O(parts + texts).
    func forEachShowing(of item: Item, width: Double, scale: Double, unbound: Bool = false, _ body: (Showing) -> Void) {
        let kind = flatKind(of: item)
        func value(_ value: FlatValue, _ slot: Int) -> Int {
            unbound ? value.unbound : self.value(value, slot: slot, of: item, in: kind)
        }
        let texts = kind.texts
        for (index, part) in kind.parts.enumerated() {
            let textSlot = part.slot + 1, imageSlot = textSlot + part.texts.count
            var lines = 0
            var characters = 0
            var height = part.padding
            for offset in part.texts {
                let text = texts[offset]
                let length = value(text.length, textSlot + offset - part.texts.lowerBound)
                let runLines = text.lines(length, width: width)
                lines += runLines
                characters += max(0, length)
                height += Double(runLines) * text.lineHeight
            }
            var sourcePixels = 0.0
            var displayPixels = 0.0
            var shown = 0
            if let images = part.images {
                shown = images.shown(value(images.count, imageSlot))
                let display = (shown == 1 ? images.single ?? images.display : images.display).size(width: width)
                let onScreen = display.height * display.width * scale * scale
                let source = images.sourcePixels ?? onScreen
                for _ in 0..<shown {
                    sourcePixels += source
                    displayPixels += onScreen
                }
                if shown > 0 {
                    let rows = (shown + max(1, images.columns) - 1) / max(1, images.columns)
                    height += Double(rows) * display.height
                }
            }
            if part.controls > 0 { height += PartDesign.controlRowHeight }
            body(Showing(
                index: index, count: max(0, value(part.count, part.slot)), views: part.views + shown + part.controls,
                lines: lines, characters: characters, sourcePixels: sourcePixels, displayPixels: displayPixels,
                height: part.height ?? height, imagesShown: shown))
        }
    }

    /// Everything an item shows, in one cell (its kind's layout engine: Auto
    /// Layout gives three constraints per view, ``CellLayout``).
    ///
    /// - Complexity: O(parts + texts).
    public func content(for item: Item, width: Double, scale: Double) -> CellContent {
        // The kind is read in place (a copy retains its name and parts).
        let kindIndex = kindIndex(of: item)
        var views = 1
        var lines = 0
        var characters = 0
        var source = 0.0
        var display = 0.0
        var height = 0.0
        forEachShowing(of: item, width: width, scale: scale) { showing in
            for _ in 0..<showing.count {
                views += showing.views
                lines += showing.lines
                characters += showing.characters
                source += showing.sourcePixels
                display += showing.displayPixels
                height += showing.height
            }
        }
        if kinds[kindIndex].configuresAllViews { views = createdViews(of: kinds[kindIndex]) }
        return CellContent(
            key: ContentKey(item: item.id, version: item.version), views: views, textLines: lines, textCharacters: characters,
            imagePixels: Int(source), imageDisplayPixels: source == display ? nil : Int(display),
            constraints: kinds[kindIndex].layout == .autolayout ? CellLayout.autolayout.constraints(views: views) : 0, height: height)
    }

    /// An item split into its parts, one ``PostComponent`` per showing of a
    /// part with a height (`viewmodel-cells`' rows); their heights add up to
    /// ``content(for:width:scale:)``'s.
    ///
    /// - Complexity: O(parts + texts + showings).
    public func components(for item: Item, width: Double, scale: Double) -> [PostComponent] {
        var scratch: [PostComponent] = []
        return components(for: item, width: width, scale: scale, scratch: &scratch)
    }

    /// ``components(for:width:scale:)``, gathered in `scratch` (emptied
    /// first, its room kept for the next item) and returned in an array made
    /// for exactly their number (the allocator may round its room up): a
    /// caller that keeps every post's components (`viewmodel-cells` keeps a
    /// million posts') holds no room for parts that do not show. Room for
    /// every part of the kind was 946 bytes a post on `large-list`, whose
    /// posts show two or three of seven (docs/performance.md, fourteenth
    /// session).
    ///
    /// - Complexity: O(parts + texts + showings); one allocation (the
    ///   result) once `scratch` has room for the most components a post
    ///   shows (a part can show more than once: the feed's comments).
    public func components(for item: Item, width: Double, scale: Double, scratch: inout [PostComponent]) -> [PostComponent] {
        let kindIndex = kindIndex(of: item)
        let prefix = kinds.count == 1 ? nil : kinds[kindIndex].name + "."
        scratch.removeAll(keepingCapacity: true)
        // A row per part that shows, mostly once: room for one each, kept from item to item.
        scratch.reserveCapacity(flatKinds[kindIndex].parts.count)
        forEachShowing(of: item, width: width, scale: scale) { showing in
            guard showing.count > 0 && showing.height > 0 else { return }
            let content = CellContent(
                key: ContentKey(item: item.id, version: item.version), views: showing.views, textLines: showing.lines,
                textCharacters: showing.characters, imagePixels: Int(showing.sourcePixels),
                imageDisplayPixels: showing.sourcePixels == showing.displayPixels ? nil : Int(showing.displayPixels),
                height: showing.height)
            let partName = kinds[kindIndex].parts[showing.index].name
            let name = prefix.map { $0 + partName } ?? partName
            for _ in 0..<showing.count { scratch.append(PostComponent(kind: name, content: content)) }
        }
        // A copy of exactly their number (an array made from an array would share its buffer, and the scratch's room with it).
        return scratch.withUnsafeBufferPointer { gathered in
            [PostComponent](unsafeUninitializedCapacity: gathered.count) { result, count in
                _ = result.initialize(fromContentsOf: gathered)
                count = gathered.count
            }
        }
    }

    /// Every part's row type (`viewmodel-cells`' reuse identifiers) with the views its cell holds.
    ///
    /// - Complexity: O(kinds × parts).
    public func componentTypes() -> [(identifier: String, views: Int)] {
        kinds.flatMap { kind in
            kind.parts.map { part in
                ((kinds.count == 1 ? "" : kind.name + ".") + part.name, Self.maximumViews(of: part))
            }
        }
    }

    /// The most views one showing of a part holds.
    static func maximumViews(of part: PartDesign) -> Int {
        part.views + part.controls + (part.images.map { $0.maxShown ?? $0.count.maximum } ?? 0)
    }

    /// The views of a cell holding every part of the kind at its largest:
    /// the cell, and each part's views as many times as it can show.
    ///
    /// - Complexity: O(parts).
    public func maximumViews(of kind: KindDesign) -> Int {
        kind.parts.reduce(1) { $0 + max(1, $1.count.maximum) * Self.maximumViews(of: $1) }
    }

    /// The views a new cell of the kind is created with: the design's, or its largest.
    public func createdViews(of kind: KindDesign) -> Int { kind.views ?? maximumViews(of: kind) }

    /// The item's shape as a reuse identifier: items of one kind whose parts
    /// show the same number of times, with as many images and with text or
    /// not, share a cell type (`monolithic-cells`).
    ///
    /// - Complexity: O(parts + texts).
    public func shapeIdentifier(_ item: Item, width: Double, scale: Double) -> String {
        let shapes = showings(of: item, width: width, scale: scale).map { "\($0.count).\($0.imagesShown).\($0.lines > 0 ? 1 : 0)" }
        return kind(of: item).name + "-" + shapes.joined(separator: "-")
    }

    /// What a cell of the kind shows before any value is bound: its own
    /// views, no text, no image; the height of the design with every drawn value 0.
    ///
    /// - Complexity: O(parts + texts).
    public func unbound(_ item: Item, width: Double, scale: Double) -> CellContent {
        let kind = kind(of: item)
        let height = showings(of: item, width: width, scale: scale, unbound: true)
            .reduce(0.0) { total, showing in (0..<showing.count).reduce(total) { sum, _ in sum + showing.height } }
        return CellContent(key: ContentKey(item: item.id, version: item.version), views: createdViews(of: kind), height: height)
    }

    /// An item as a Texture cell node: the content, its subnodes (one per
    /// view, image and control, or the part's ``PartDesign/nodes``) when
    /// `nodes`, and its text nodes (one per text run, or the part's
    /// ``PartDesign/textNodes``), each with its own renderer.
    ///
    /// - Complexity: O(parts + texts).
    public func nodeContent(for item: Item, width: Double, scale: Double, nodes: Bool) -> CellContent {
        var content = self.content(for: item, width: width, scale: scale)
        let parts = kind(of: item).parts
        var subnodes = 1
        var textNodes = 0
        for showing in showings(of: item, width: width, scale: scale) where showing.count > 0 {
            let part = parts[showing.index]
            subnodes += showing.count * (part.nodes ?? showing.views)
            textNodes += showing.count * (part.textNodes ?? part.texts.count)
        }
        if nodes { content.views = subnodes }
        content.textNodes = textNodes
        content.textRenderers = textNodes
        return content
    }

    /// The JSON an item arrives as, in bytes. Built-in items: the post's
    /// estimate (``PostLayout/jsonBytes(of:)``). A kind's item (estimate, as
    /// the post's): 600 bytes of ids and metadata, its text, and 150 bytes
    /// per image URL with its size.
    ///
    /// - Complexity: O(parts + texts).
    public func jsonBytes(of item: Item) -> Int {
        guard case .drawn = source else { return PostLayout.jsonBytes(of: item) }
        let parts = kind(of: item).parts
        return showings(of: item, width: 0, scale: 1).reduce(600) { bytes, showing in
            let slotsImages = parts[showing.index].images.map { _ in showing.imagesShown } ?? 0
            return bytes + showing.count * (showing.characters + 150 * slotsImages)
        }
    }

    /// Decoding these items from their JSON, charged to the current thread.
    ///
    /// - Complexity: O(items × parts).
    func decode(_ items: [Item], simulation: Simulation) {
        let bytes = items.reduce(0) { $0 + jsonBytes(of: $1) }
        simulation.charge(microseconds: Double(bytes) / 1_024 * simulation.costs.jsonDecodePerKilobyteMicroseconds.value, .dataDecoding)
    }

    /// How a table showing these kinds knows its rows' heights: self-sized
    /// from the first kind's estimate when every kind is self-sized; one
    /// fixed height when every kind has the same; otherwise the delegate
    /// gives each row its kind's height (``height(of:width:scale:simulation:)``),
    /// from the first estimate a kind gives (none if a delegate kind gives none:
    /// every height up front).
    public var rowHeight: RowHeight {
        var estimates: [Double] = []
        var fixed: [Double] = []
        var upFront = false
        for kind in kinds {
            switch kind.height {
            case .selfSized(let estimate): estimates.append(estimate)
            case .fixed(let height): fixed.append(height)
            case .delegate(let estimate):
                if let estimate { estimates.append(estimate) } else { upFront = true }
            }
        }
        let allSelfSized = kinds.allSatisfy { if case .selfSized = $0.height { return true } else { return false } }
        if allSelfSized, let first = estimates.first { return .automatic(estimate: first) }
        if fixed.count == kinds.count, let first = fixed.first, fixed.allSatisfy({ $0 == first }) { return .fixed(first) }
        return .delegate(estimate: upFront ? nil : estimates.first)
    }

    /// A row's height as the delegate gives it: a fixed kind's height, or
    /// the item's content measured (its text and a layout pass, charged to
    /// the current thread).
    ///
    /// - Complexity: O(parts + texts).
    public func height(of item: Item, width: Double, scale: Double, simulation: Simulation) -> Double {
        if case .fixed(let height) = kind(of: item).height { return height }
        let content = content(for: item, width: width, scale: scale)
        simulation.charge(microseconds: simulation.measureCost(content), .heightComputation)
        return content.height
    }
}
