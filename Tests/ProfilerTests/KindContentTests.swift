import ListData
import ListSimulator
@testable import Strategies
import Testing

/// A product kind: a photo of 1200 × 1200 pixels shown 160 pt square
/// (`photos` of them, two to a row), a name of up to two lines, a button.
private func product(photos: Int) -> KindSet {
    KindSet(name: "scenario", kinds: [KindDesign(name: "product", parts: [
        PartDesign(name: "photo", images: ImageSet(count: .fixed(photos), pixels: (1_200, 1_200),
                                                   display: .points(width: 160, height: 160), columns: 2), padding: 16),
        PartDesign(name: "name", texts: [TextRun(length: DesignValue(.range(min: 20, max: 60)), fontSize: 17, lineHeight: 22, maxLines: 2)]),
        PartDesign(name: "addToCart", controls: 1),
    ])], source: .drawn(seed: 9))
}

@Suite("Cells from kind designs")
struct KindContentTests {
    /// The feed's post as its design states it: the monolithic cell's 28
    /// views, seven row types, and rows whose heights add up to the cell's.
    @Test func theFeedsPostKeepsItsGeometry() {
        let feed = KindSet.feed
        #expect(feed.maximumViews(of: feed.kinds[0]) == 28)
        #expect(feed.componentTypes().map(\.identifier) == ["header", "text", "photos", "link", "video", "comment", "reactions"])
        #expect(feed.componentTypes().map(\.views) == [4, 1, 4, 4, 3, 2, 5])
        for photos in 0...5 {
            let post = Item(id: 1, textLength: 250, photos: photos, linkCard: true, video: photos % 2 == 0, commentPreviews: 2, reactions: true)
            let whole = feed.content(for: post, width: 390, scale: 3)
            let parts = feed.components(for: post, width: 390, scale: 3)
            #expect(parts.reduce(0.0) { $0 + $1.content.height } == whole.height)
            #expect(parts.reduce(0) { $0 + $1.content.imagePixels } == whole.imagePixels)
            #expect(whole.imageDisplayPixels == nil)
        }
        // One photo alone: the full width, ¾ of it tall.
        let one = feed.content(for: Item(id: 1, photos: 1), width: 390, scale: 3)
        #expect(one.imagePixels == Int(390 * 0.75 * 390 * 9))
    }

    /// `viewmodel-cells`' rows: one per part that shows, named by the part.
    @Test func eachPartThatShowsIsARow() {
        let kinds = product(photos: 1)
        let item = Item(id: 4, designIndex: 0)
        let rows = kinds.components(for: item, width: 393, scale: 3)
        #expect(rows.map(\.kind) == ["photo", "name", "addToCart"])
        #expect(rows[0].content.height == 176 && rows[2].content.height == 44)
        #expect(rows.reduce(0.0) { $0 + $1.content.height } == kinds.content(for: item, width: 393, scale: 3).height)
    }

    /// Components gathered through one scratch buffer, post after post,
    /// are each post's own (none of an earlier post's left in), the same as
    /// built alone, and kept at their number: a post showing two of the
    /// feed's seven parts holds no room for the other five.
    @Test func aScratchBufferLeavesEachPostItsOwnComponents() {
        let feed = KindSet.feed
        let posts = [
            Item(id: 1, textLength: 250, photos: 3, linkCard: true, video: true, commentPreviews: 2, reactions: true),
            Item(id: 2, textLength: 40),
            Item(id: 3, textLength: 90, photos: 1, reactions: true),
        ]
        var scratch: [PostComponent] = []
        for post in posts {
            let gathered = feed.components(for: post, width: 390, scale: 3, scratch: &scratch)
            #expect(gathered == feed.components(for: post, width: 390, scale: 3))
            #expect(gathered.allSatisfy { $0.content.key.item == post.id })
        }
        let short = feed.components(for: posts[1], width: 390, scale: 3, scratch: &scratch)
        #expect(short.map(\.kind) == ["header", "text"])
        #expect(short.capacity < feed.componentTypes().count)
    }

    /// Twice the photos: twice the source pixels to decode and twice the
    /// display pixels to keep; source and display kept apart.
    @Test func moreImagesAlwaysCostMore() {
        let one = product(photos: 1).content(for: Item(id: 4, designIndex: 0), width: 393, scale: 3)
        let two = product(photos: 2).content(for: Item(id: 4, designIndex: 0), width: 393, scale: 3)
        #expect(one.imagePixels == 1_440_000 && two.imagePixels == 2 * one.imagePixels)
        #expect(one.imageDisplayPixels == 160 * 160 * 9 && two.imageDisplayPixels == 2 * 160 * 160 * 9)
        // Two images share a row of two columns: the cell is as tall.
        #expect(two.height == one.height)
        #expect(two.views == one.views + 1)
        // Auto Layout by default: three constraints per view.
        #expect(one.constraints == one.views * 3)
    }

    /// A table of fixed and self-sized kinds asks its delegate; of self-sized ones only, it self-sizes.
    @Test func theTableKnowsHeightsAsTheKindsSay() {
        var kinds = product(photos: 1)
        #expect(kinds.rowHeight == .automatic(estimate: 300))
        kinds.kinds[0].height = .fixed(120)
        #expect(kinds.rowHeight == .fixed(120))
        kinds.kinds.append(KindDesign(name: "banner", height: .selfSized(estimate: 200), parts: [PartDesign(name: "x", views: 1)]))
        #expect(kinds.rowHeight == .delegate(estimate: 200))
    }

    /// An item takes 32 bytes, its kind among them: a million items of
    /// kinds take the memory of a million posts.
    @Test func anItemsKindCostsNoMemory() {
        #expect(MemoryLayout<Item>.stride == 32)
        #expect(MemoryLayout<Item>.offset(of: \Item.design) == 24)
    }

    /// The flat form a set keeps of its kinds (plain numbers, read for
    /// every row) gives exactly the design's values: every value of every
    /// part of two kinds with several weight lists, ranges, chances and
    /// fixed values, drawn for 300 items in two versions, and the feed's
    /// and the restaurant detail's fields; the same lines at three widths,
    /// the same slots; and it follows the kinds when they change.
    @Test func theFlatFormReadsExactlyTheDesign() throws {
        let weights = DesignValue(.weights([.init(0, weight: 2), .init(3, weight: 0.5), .init(7, weight: 1.25)]))
        let other = DesignValue(.weights([.init(1, weight: 1), .init(2, weight: 3)]))
        var drawn = KindSet(name: "scenario", kinds: [
            KindDesign(name: "a", parts: [
                PartDesign(name: "head", count: other, views: 2, texts: [TextRun(length: weights, maxLines: 3), TextRun(length: DesignValue(.range(min: 0, max: 400)))]),
                PartDesign(name: "photos", count: DesignValue(.chance(0.4)), images: ImageSet(count: weights, display: .fraction(0.5, aspect: 1), columns: 2, maxShown: 4)),
                PartDesign(name: "foot", controls: 2, height: 30, padding: 8),
                // Texts after other parts' texts: their slots follow those parts'.
                PartDesign(name: "caption", count: DesignValue(.range(min: 0, max: 2)),
                           texts: [TextRun(length: DesignValue(.range(min: 1, max: 300)), maxLines: 2), TextRun(length: weights)]),
            ]),
            KindDesign(name: "b", parts: [
                PartDesign(name: "only", count: DesignValue(.range(min: 1, max: 3)), texts: [TextRun(length: other, fontSize: 30, inset: 200)],
                           images: ImageSet(count: other, pixels: (640, 480), display: .points(width: 80, height: 60))),
            ]),
        ], source: .drawn(seed: 77))
        func check(_ set: KindSet, _ items: [Item]) {
            #expect(set.flatKinds.count == set.kinds.count)
            for item in items {
                let design = set.kind(of: item)
                let flat = set.flatKind(of: item)
                #expect(flat.parts.count == design.parts.count)
                for (index, part) in design.parts.enumerated() where index < flat.parts.count {
                    let flatPart = flat.parts[index]
                    let slots = design.slots(ofPart: index)
                    #expect(flatPart.slot == slots.count)
                    #expect(set.value(flatPart.count, slot: slots.count, of: item, in: flat) == set.value(part.count, slot: slots.count, of: item))
                    #expect(flatPart.texts.count == part.texts.count)
                    for (offset, text) in part.texts.enumerated() where offset < flatPart.texts.count {
                        let flatText = flat.texts[flatPart.texts.lowerBound + offset]
                        let length = set.value(text.length, slot: slots.texts + offset, of: item)
                        #expect(set.value(flatText.length, slot: slots.texts + offset, of: item, in: flat) == length)
                        for width in [0.0, 120, 393] { #expect(flatText.lines(length, width: width) == text.lines(length, width: width)) }
                        #expect(flatText.lineHeight == text.lineHeight)
                    }
                    #expect((flatPart.images == nil) == (part.images == nil))
                    if let images = part.images, let flatImages = flatPart.images {
                        let count = set.value(images.count, slot: slots.images, of: item)
                        #expect(set.value(flatImages.count, slot: slots.images, of: item, in: flat) == count)
                        #expect(flatImages.shown(count) == images.shown(count))
                    }
                    #expect(flatPart.height == part.height && flatPart.padding == part.padding)
                    #expect(flatPart.views == part.views && flatPart.controls == part.controls)
                }
            }
        }
        let items = (0..<300).flatMap { id in [Item(id: id, designIndex: id % 2), Item(id: id, version: 1, designIndex: id % 2)] }
        check(drawn, items)
        compareShowings(drawn, items)
        compareShowings(.feed, (0..<40).map { Item(id: $0, textLength: $0 * 13, photos: $0 % 6, linkCard: $0 % 3 == 0, video: $0 % 4 == 0, commentPreviews: $0 % 3, reactions: $0 % 2 == 0) })
        compareShowings(.restaurantDetail, ItemKind.allCases.enumerated().map { Item(id: $0.offset, kind: $0.element) })
        check(.feed, (0..<40).map { Item(id: $0, textLength: $0 * 13, photos: $0 % 6, linkCard: $0 % 3 == 0, video: $0 % 4 == 0, commentPreviews: $0 % 3, reactions: $0 % 2 == 0) })
        check(.restaurantDetail, ItemKind.allCases.enumerated().map { Item(id: $0.offset, kind: $0.element) })
        // The flat form follows the kinds.
        drawn.kinds[1].parts.append(PartDesign(name: "more", count: weights, texts: [TextRun(length: .fixed(12))]))
        #expect(drawn.flatKinds[1].parts.count == 2)
        check(drawn, items)
        // Sets are equal on their designs, and a decoded set reads the same.
        var writer = ByteWriter()
        drawn.encode(to: &writer)
        var reader = ByteReader(writer.bytes)
        let decoded = try KindSet(from: &reader)
        #expect(decoded == drawn)
        check(decoded, items)
    }

    /// What an item shows, worked out from the designs themselves as it was
    /// before the flat form (each part's slots from ``KindDesign/slots(ofPart:)``,
    /// its values from ``KindSet/value(_:slot:of:)``, its texts' lines and its
    /// images from the design's own types), against ``KindSet/showings(of:width:scale:unbound:)``:
    /// every field of every part, bound and unbound, at three widths and two scales.
    private func compareShowings(_ set: KindSet, _ items: [Item]) {
        for item in items {
            let kind = set.kind(of: item)
            for width in [0.0, 120, 393] {
                for scale in [2.0, 3.0] {
                    for unbound in [false, true] {
                        func value(_ value: DesignValue, _ slot: Int) -> Int {
                            if unbound { if case .fixed(let fixed) = value.distribution, value.field == nil { return fixed } else { return 0 } }
                            return set.value(value, slot: slot, of: item)
                        }
                        let showings = set.showings(of: item, width: width, scale: scale, unbound: unbound)
                        #expect(showings.count == kind.parts.count)
                        for (index, part) in kind.parts.enumerated() where index < showings.count {
                            let slots = kind.slots(ofPart: index)
                            var lines = 0, characters = 0, height = part.padding
                            for (offset, text) in part.texts.enumerated() {
                                let length = value(text.length, slots.texts + offset)
                                let runLines = text.lines(length, width: width)
                                lines += runLines
                                characters += max(0, length)
                                height += Double(runLines) * text.lineHeight
                            }
                            var source = 0.0, display = 0.0, shown = 0
                            if let images = part.images {
                                shown = images.shown(value(images.count, slots.images))
                                let size = (shown == 1 ? images.single ?? images.display : images.display).size(width: width)
                                let onScreen = size.height * size.width * scale * scale
                                let each = images.pixels.map { Double($0.width) * Double($0.height) } ?? onScreen
                                for _ in 0..<shown { source += each; display += onScreen }
                                if shown > 0 { height += Double((shown + max(1, images.columns) - 1) / max(1, images.columns)) * size.height }
                            }
                            if part.controls > 0 { height += PartDesign.controlRowHeight }
                            let showing = showings[index]
                            #expect(showing.index == index)
                            #expect(showing.count == max(0, value(part.count, slots.count)))
                            #expect(showing.views == part.views + shown + part.controls)
                            #expect(showing.lines == lines && showing.characters == characters && showing.imagesShown == shown)
                            #expect(showing.sourcePixels == source && showing.displayPixels == display)
                            #expect(showing.height == (part.height ?? height), "\(kind.name).\(part.name) of item \(item.id) at \(width)")
                        }
                    }
                }
            }
        }
    }
}
