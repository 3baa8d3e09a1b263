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

    /// An item's kind lives in padding the item had anyway: a million items
    /// of kinds take the memory of a million posts (64 bytes each, as before).
    @Test func anItemsKindCostsNoMemory() {
        #expect(MemoryLayout<Item>.stride == 64)
        #expect(MemoryLayout<Item>.offset(of: \Item.design) == 18)
    }
}
