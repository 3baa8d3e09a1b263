extension ShippedProfiles {
    /// `iphone-7`, in the profile-file format (``DeviceProfile/decode(_:)``): a user's
    /// profile starts from a copy (`listbench list devices --profile iphone-7`).
    static let iPhone7 = #"""
{
  "name": "iphone-7",
  "summary": "iPhone 7 (2016): A10, 2 GB RAM, 60 Hz, 4.7-inch @2x. An older 2 GB phone; the cost figures' reference device.",
  "screenWidth": 375,
  "screenHeight": 667,
  "scale": 2,
  "refreshRateHz": 60,
  "cpuCores": {
    "value": 2.0,
    "source": "Apple A10 Fusion: two high-performance and two high-efficiency cores, of which only one pair runs at a time, so two at once (Wikipedia 'Apple A10'; Apple, iPhone 7 press release, September 2016: 'a new four-core A10 Fusion chip')"
  },
  "backgroundWorkers": 2,
  "iOS": {
    "default": 15,
    "minimum": 12,
    "maximum": 15,
    "source": "iPhone 7 shipped with iOS 10 and runs up to iOS 15 (Apple, 'iOS 16 is compatible with these devices' leaves it out); listbench models iOS 12 and later; default 15, the newest it runs"
  },
  "memoryLimit": {
    "value": 1395000000.0,
    "source": "cost-figures.md: iPhone 6s / 7 crash point about 1395 MB of 2 GB (Stack Overflow q5887248)"
  },
  "memoryWarningFraction": {
    "value": 0.85,
    "source": "estimate: iOS sends memory warnings shortly before jetsam; no public threshold"
  },
  "costs": {
    "viewCreateMicroseconds": {
      "value": 60,
      "source": "estimate: cost-figures.md quotes 6-16 ms for a 2-label nib cell (3 views) on an iPhone 4 (2011), 2-5 ms per view; the A10 is about 17x faster single-core (Geekbench), giving 120-300 us per nib-loaded view; programmatic views skip nib decoding, so half the low end: 60 us"
    },
    "cellReuseMicroseconds": {
      "value": 8,
      "source": "estimate: dequeuing from a reuse pool is a dictionary look-up plus prepareForReuse; no public figure; small next to creation"
    },
    "configurePerViewMicroseconds": {
      "value": 12,
      "source": "estimate: setting text, image and state on one view, without layout; no public figure; about a fifth of creating it"
    },
    "textMeasurePerLineMicroseconds": {
      "value": 45,
      "source": "cost-figures.md: measuring an attributed string took 30-57 us on a Mac (sizeWithAttributes, 1k strings in 0.057 s); estimate for an A10: 45 us per line"
    },
    "textMeasurePerCharacterMicroseconds": {
      "value": 0.4,
      "source": "estimate: per-glyph shaping on top of the per-line cost; 200 characters add about 80 us, in line with the 30-57 us per string quoted in cost-figures.md for short strings"
    },
    "manualLayoutPerViewMicroseconds": {
      "value": 17,
      "source": "derived: cost-figures.md, layoutBox/FlexLayout benchmark.md: iPhone 7 lays out 100 feed cells in 0.244 s with Auto Layout and 0.020 s with manual layout (PinLayout); 0.2 ms per manual cell over an estimated 12 views per feed cell = 17 us per view"
    },
    "autoLayoutPerConstraintMicroseconds": {
      "value": 61,
      "source": "derived: cost-figures.md, layoutBox/FlexLayout benchmark.md: iPhone 7 lays out 100 feed cells in 0.244 s with Auto Layout and 0.020 s with manual layout (PinLayout); 2.44 ms per Auto Layout cell over an estimated 40 constraints per feed cell = 61 us per constraint"
    },
    "textRenderPerLineMicroseconds": {
      "value": 60,
      "source": "estimate: rasterising one line of text into a backing store; no public figure; slightly more than measuring it"
    },
    "imageDecodePerMegapixelMilliseconds": {
      "value": 25,
      "source": "derived: cost-figures.md quotes about 100 ms to decode a 1024x768 image (0.79 MP) on an iPad 2 (2011), 127 ms/MP; the A10 is about 5x faster (estimate): 25 ms/MP"
    },
    "batchUpdateMicroseconds": {
      "value": 400,
      "source": "estimate: performBatchUpdates' fixed cost (validation, animation set-up, layout invalidation); no public figure"
    },
    "batchUpdatePerOperationMicroseconds": {
      "value": 6,
      "source": "estimate: each insert/delete/move/reload adds bookkeeping and an animation; no public figure"
    },
    "reloadDataMicroseconds": {
      "value": 250,
      "source": "estimate: reloadData's fixed cost (dropping caches, re-asking counts); visible cells are charged separately"
    },
    "rowGeometryPerRowMicroseconds": {
      "value": 0.02,
      "source": "estimate: rebuilding the table's row geometry (each row's height and offset, per section) is a few dozen instructions per row in C; at the A10's 2.3 GHz about 20 ns; no public per-row figure (Apple's old heightForRowAtIndexPath: documentation warns only that tables of about 1000 rows or more suffer when every row's height is asked)"
    },
    "delegateCallMicroseconds": {
      "value": 0.3,
      "source": "estimate: one Objective-C message from UIKit to a Swift delegate method with an index path (bridging NSIndexPath to IndexPath allocates), before the method's own work; no public figure"
    },
    "diffPerItemMicroseconds": {
      "value": 0.6,
      "source": "derived: cost-figures.md, DifferenceKit README: 100,000 items diffed in 34.8 ms on an iPhone 11 Pro simulator (0.35 us per item, Mac hardware); an A10 is about 1.7x slower (estimate): 0.6 us"
    },
    "nibDecodePerViewMicroseconds": {
      "value": 60,
      "source": "estimate: cost-figures.md quotes 6-16 ms for a 2-label nib cell (3 views) on an iPhone 4 (2011), 2-5 ms per view; the A10 is about 17x faster single-core (Geekbench), giving 120-300 us per nib-loaded view, of which viewCreateMicroseconds (60 us) is the view itself; the rest of the low end, 60 us, is decoding it from the nib's archive"
    },
    "jsonDecodePerKilobyteMicroseconds": {
      "value": 200,
      "source": "estimate: Swift's JSONDecoder parses about 10 MB/s on a 2020 Mac (Marcel Weiher's series on JSON parsing for iOS and macOS, part 8: his parser's 195 MB/s is 'nearly 20 times faster than Swift's native JSONDecoder'); an A10 core taken as about half a 2020 Mac core (Geekbench; estimate): 5 MB/s, 200 us per kilobyte"
    },
    "nodeAllocateMicroseconds": {
      "value": 70,
      "source": "estimate: allocating a Texture cell node and its subnode tree off main is a little dearer than creating one UIView (60 us), since nodes also build their layout specs"
    },
    "nodeLayoutPerSubnodeMicroseconds": {
      "value": 20,
      "source": "estimate: layoutThatFits per subnode with Texture's flexbox specs, between manual layout (17 us/view) and Auto Layout, per cost-figures.md's FlexLayout figure (0.028 s per 100 cells on an iPhone 7)"
    },
    "nodeViewLoadPerSubnodeMicroseconds": {
      "value": 25,
      "source": "estimate: creating a node's backing view and layer on main (didLoad); less than a full UIView set-up since node properties are applied in bulk"
    },
    "viewBytes": {
      "value": 2048,
      "source": "estimate: a UIView with its CALayer and their bookkeeping is about 1-2 KB of heap before any backing store"
    },
    "cellBytes": {
      "value": 6144,
      "source": "estimate: a UITableViewCell with its content view, separator and gesture machinery, before subviews"
    },
    "nodeBytes": {
      "value": 3072,
      "source": "estimate: cost-figures.md/uikit-semantics.md quote Texture reports of 10,000 rows adding several hundred MB at init (Texture #1869), about 30 KB a row; with about 10 subnodes a row, 3 KB per node"
    },
    "textAttributedStringBytes": {
      "value": 128,
      "source": "estimate: Texture 2.7's ASTextNode keeps its own copy of the attributed text (ASTextNode.mm, setAttributedText: stores ASCleanseAttributedStringOfCoreTextAttributes(attributedText)); a short attributed string is the object, its string and one attribute run, three small heap blocks of 32-64 bytes (malloc's 16-byte quanta): about 128 bytes, within a factor of 2; no public figure"
    },
    "textRendererBytes": {
      "value": 8192,
      "source": "estimate: one cached ASTextKitRenderer of Texture 2.7 (ASTextKitRenderer.mm, initWithTextKitAttributes:constrainedSize:) with its ASTextKitContext, an NSTextStorage, an NSLayoutManager and an NSTextContainer (ASTextKitContext.mm), a shadower and a tail truncater: a whole TextKit stack with glyph, line-fragment and typesetter storage for a short string, about 8 KB, within a factor of 4; no public figure. Texture keeps renderers in one shared NSCache of at most 500 (ASTextNode.mm, sharedRendererCache), not in the nodes"
    }
  }
}
"""#
}
