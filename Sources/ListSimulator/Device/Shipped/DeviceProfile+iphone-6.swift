extension ShippedProfiles {
    /// `iphone-6`, in the profile-file format (``DeviceProfile/decode(_:)``): a user's
    /// profile starts from a copy (`listbench list devices --profile iphone-6`).
    static let iPhone6 = #"""
{
  "name": "iphone-6",
  "summary": "iPhone 6 (2014): A8, 1 GB RAM, 60 Hz, 4.7-inch @2x. The oldest and smallest profile.",
  "screenWidth": 375,
  "screenHeight": 667,
  "scale": 2,
  "refreshRateHz": 60,
  "cpuCores": {
    "value": 2.0,
    "source": "Apple A8: a dual-core CPU (Apple, iPhone 6 technical specifications: 'A8 chip with 64-bit architecture'; two Typhoon cores, Wikipedia 'Apple A8')"
  },
  "backgroundWorkers": 2,
  "iOS": {
    "default": 12,
    "minimum": 12,
    "maximum": 12,
    "source": "iPhone 6 shipped with iOS 8 and runs up to iOS 12 (iOS 12.5.x is its last release; Apple, 'iOS 13 is compatible with these devices' leaves it out); listbench models iOS 12 and later, so 12 only"
  },
  "memoryLimit": {
    "value": 645000000.0,
    "source": "cost-figures.md: iPhone 6 crash point 645 MB of 1 GB (Stack Overflow q5887248)",
    "uncertainty": {
      "low": 600000000,
      "high": 690000000,
      "source": "estimate: the cited crash point is one report (Stack Overflow q5887248); jetsam limits move with the iOS version and what else runs: within 7% (600-690 MB)"
    }
  },
  "memoryWarningFraction": {
    "value": 0.85,
    "source": "estimate: iOS sends memory warnings shortly before jetsam; no public threshold",
    "uncertainty": {
      "low": 0.7,
      "high": 0.95,
      "source": "estimate: no public threshold; iOS warns some time before jetsam: 70-95% of the limit"
    }
  },
  "costs": {
    "viewCreateMicroseconds": {
      "value": 96.0,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: cost-figures.md quotes 6-16 ms for a 2-label nib cell (3 views) on an iPhone 4 (2011), 2-5 ms per view; the A10 is about 17x faster single-core (Geekbench), giving 120-300 us per nib-loaded view; programmatic views skip nib decoding, so half the low end: 60 us",
      "uncertainty": {
        "low": 38.4,
        "high": 300,
        "source": "iPhone 7 range (30-150: estimate: cost-figures.md's 6-16 ms nib cell (3 views) on an iPhone 4 gives 120-300 us per nib-loaded view on an A10 (about 17x faster single-core, Geekbench); a programmatic view, without the nib, taken as half: 60-150 us, and down to 30 us since the 17x speed-up is itself an estimate) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "cellReuseMicroseconds": {
      "value": 12.8,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: dequeuing from a reuse pool is a dictionary look-up plus prepareForReuse; no public figure; small next to creation",
      "uncertainty": {
        "low": 3.413,
        "high": 48,
        "source": "iPhone 7 range (within a factor of 3: estimate: no public figure; a reuse-pool look-up plus prepareForReuse is known only to its order of magnitude: within a factor of 3) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "configurePerViewMicroseconds": {
      "value": 19.2,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: setting text, image and state on one view, without layout; no public figure; about a fifth of creating it",
      "uncertainty": {
        "low": 7.68,
        "high": 48,
        "source": "iPhone 7 range (within a factor of 2: estimate: no public figure; about a fifth of creating a view, within a factor of 2) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "textMeasurePerLineMicroseconds": {
      "value": 72.0,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: cost-figures.md: measuring an attributed string took 30-57 us on a Mac (sizeWithAttributes, 1k strings in 0.057 s); estimate for an A10: 45 us per line",
      "uncertainty": {
        "low": 38.4,
        "high": 114,
        "source": "iPhone 7 range (30-57: cost-figures.md: 30-57 us per string measured (sizeWithAttributes, on a Mac), taken for an A10 as the value is) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "textMeasurePerCharacterMicroseconds": {
      "value": 0.64,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: per-glyph shaping on top of the per-line cost; 200 characters add about 80 us, in line with the 30-57 us per string quoted in cost-figures.md for short strings",
      "uncertainty": {
        "low": 0.256,
        "high": 1.6,
        "source": "iPhone 7 range (within a factor of 2: estimate: no public per-character figure; how the 30-57 us per string splits between lines and characters is a guess, within a factor of 2) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "manualLayoutPerViewMicroseconds": {
      "value": 27.2,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: derived: cost-figures.md, layoutBox/FlexLayout benchmark.md: iPhone 7 lays out 100 feed cells in 0.244 s with Auto Layout and 0.020 s with manual layout (PinLayout); 0.2 ms per manual cell over an estimated 12 views per feed cell = 17 us per view",
      "uncertainty": {
        "low": 16,
        "high": 50,
        "source": "iPhone 7 range (12.5-25: derived: cost-figures.md's 0.2 ms per manually laid-out feed cell on an iPhone 7 (0.020 s per 100 cells) over 8-16 views a cell (estimated; 12 in the value)) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "autoLayoutPerConstraintMicroseconds": {
      "value": 97.6,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: derived: cost-figures.md, layoutBox/FlexLayout benchmark.md: iPhone 7 lays out 100 feed cells in 0.244 s with Auto Layout and 0.020 s with manual layout (PinLayout); 2.44 ms per Auto Layout cell over an estimated 40 constraints per feed cell = 61 us per constraint",
      "uncertainty": {
        "low": 52.1,
        "high": 162.6,
        "source": "iPhone 7 range (40.7-81.3: derived: cost-figures.md's 2.44 ms per Auto Layout feed cell on an iPhone 7 (0.244 s per 100 cells) over 30-60 constraints a cell (estimated; 40 in the value)) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "textRenderPerLineMicroseconds": {
      "value": 96.0,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: rasterising one line of text into a backing store; no public figure; slightly more than measuring it",
      "uncertainty": {
        "low": 38.4,
        "high": 240,
        "source": "iPhone 7 range (within a factor of 2: estimate: no public figure; rasterising a line taken near the cost of measuring it (30-57 us), within a factor of 2) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "imageDecodePerMegapixelMilliseconds": {
      "value": 40.0,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: derived: cost-figures.md quotes about 100 ms to decode a 1024x768 image (0.79 MP) on an iPad 2 (2011), 127 ms/MP; the A10 is about 5x faster (estimate): 25 ms/MP",
      "uncertainty": {
        "low": 23.04,
        "high": 72,
        "source": "iPhone 7 range (18-36: derived: cost-figures.md's 127 ms/MP on an iPad 2 (2011) over an A10 speed-up of 3.5-7x (estimated; 5x in the value)) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "batchUpdateMicroseconds": {
      "value": 640.0,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: performBatchUpdates' fixed cost (validation, animation set-up, layout invalidation); no public figure",
      "uncertainty": {
        "low": 170.7,
        "high": 2400,
        "source": "iPhone 7 range (within a factor of 3: estimate: no public figure; known only to its order of magnitude: within a factor of 3) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "batchUpdatePerOperationMicroseconds": {
      "value": 9.6,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: each insert/delete/move/reload adds bookkeeping and an animation; no public figure",
      "uncertainty": {
        "low": 2.56,
        "high": 36,
        "source": "iPhone 7 range (within a factor of 3: estimate: no public figure; known only to its order of magnitude: within a factor of 3) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "reloadDataMicroseconds": {
      "value": 400.0,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: reloadData's fixed cost (dropping caches, re-asking counts); visible cells are charged separately",
      "uncertainty": {
        "low": 106.7,
        "high": 1500,
        "source": "iPhone 7 range (within a factor of 3: estimate: no public figure; known only to its order of magnitude: within a factor of 3) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "rowGeometryPerRowMicroseconds": {
      "value": 0.032,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: rebuilding the table's row geometry (each row's height and offset, per section) is a few dozen instructions per row in C; at the A10's 2.3 GHz about 20 ns; no public per-row figure (Apple's old heightForRowAtIndexPath: documentation warns only that tables of about 1000 rows or more suffer when every row's height is asked)",
      "uncertainty": {
        "low": 0.008533,
        "high": 0.12,
        "source": "iPhone 7 range (within a factor of 3: estimate: no public per-row figure; 'a few dozen instructions' could be a dozen or a hundred: within a factor of 3) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "delegateCallMicroseconds": {
      "value": 0.48,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: one Objective-C message from UIKit to a Swift delegate method with an index path (bridging NSIndexPath to IndexPath allocates), before the method's own work; no public figure",
      "uncertainty": {
        "low": 0.128,
        "high": 1.8,
        "source": "iPhone 7 range (within a factor of 3: estimate: no public figure; one Objective-C message with an index path's bridging, known only to its order of magnitude: within a factor of 3) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "diffPerItemMicroseconds": {
      "value": 0.96,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: derived: cost-figures.md, DifferenceKit README: 100,000 items diffed in 34.8 ms on an iPhone 11 Pro simulator (0.35 us per item, Mac hardware); an A10 is about 1.7x slower (estimate): 0.6 us",
      "uncertainty": {
        "low": 0.5376,
        "high": 2.1,
        "source": "iPhone 7 range (0.42-1.05: derived: DifferenceKit's 0.35 us per item on Mac hardware (cost-figures.md), an A10 taken as 1.2-3x slower (estimated; 1.7x in the value)) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "nibDecodePerViewMicroseconds": {
      "value": 96.0,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: cost-figures.md quotes 6-16 ms for a 2-label nib cell (3 views) on an iPhone 4 (2011), 2-5 ms per view; the A10 is about 17x faster single-core (Geekbench), giving 120-300 us per nib-loaded view, of which viewCreateMicroseconds (60 us) is the view itself; the rest of the low end, 60 us, is decoding it from the nib's archive",
      "uncertainty": {
        "low": 38.4,
        "high": 480,
        "source": "iPhone 7 range (30-240: estimate: the rest of cost-figures.md's 120-300 us per nib-loaded view (its iPhone 4 figure over a 17x speed-up) after creating the view (60 us): 60-240 us, and down to 30 us since the speed-up is itself an estimate) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "jsonDecodePerKilobyteMicroseconds": {
      "value": 320.0,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: Swift's JSONDecoder parses about 10 MB/s on a 2020 Mac (Marcel Weiher's series on JSON parsing for iOS and macOS, part 8: his parser's 195 MB/s is 'nearly 20 times faster than Swift's native JSONDecoder'); an A10 core taken as about half a 2020 Mac core (Geekbench; estimate): 5 MB/s, 200 us per kilobyte",
      "uncertainty": {
        "low": 128,
        "high": 800,
        "source": "iPhone 7 range (within a factor of 2: estimate: JSONDecoder's 10 MB/s on a 2020 Mac comes from a ratio ('nearly 20 times faster'), and an A10 core as half a Mac core is a guess: within a factor of 2) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "nodeAllocateMicroseconds": {
      "value": 112.0,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: allocating a Texture cell node and its subnode tree off main is a little dearer than creating one UIView (60 us), since nodes also build their layout specs",
      "uncertainty": {
        "low": 44.8,
        "high": 280,
        "source": "iPhone 7 range (within a factor of 2: estimate: no public figure; taken from a UIView's cost, itself uncertain: within a factor of 2) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "nodeLayoutPerSubnodeMicroseconds": {
      "value": 32.0,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: layoutThatFits per subnode with Texture's flexbox specs, between manual layout (17 us/view) and Auto Layout, per cost-figures.md's FlexLayout figure (0.028 s per 100 cells on an iPhone 7)",
      "uncertainty": {
        "low": 16,
        "high": 80,
        "source": "iPhone 7 range (12.5-40: estimate: between manual layout (12.5-25 us per view) and Auto Layout; cost-figures.md's FlexLayout figure (0.028 s per 100 cells on an iPhone 7) is about 23 us per view over 12 views: 12.5-40 us) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "nodeViewLoadPerSubnodeMicroseconds": {
      "value": 40.0,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: creating a node's backing view and layer on main (didLoad); less than a full UIView set-up since node properties are applied in bulk",
      "uncertainty": {
        "low": 16,
        "high": 100,
        "source": "iPhone 7 range (within a factor of 2: estimate: no public figure; less than a UIView's set-up, within a factor of 2) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "viewBytes": {
      "value": 2048,
      "source": "estimate: a UIView with its CALayer and their bookkeeping is about 1-2 KB of heap before any backing store",
      "uncertainty": {
        "low": 1024,
        "high": 4096,
        "source": "estimate: no public figure; about 1-2 KB before any backing store, up to 4 KB for a layer with more state"
      }
    },
    "cellBytes": {
      "value": 6144,
      "source": "estimate: a UITableViewCell with its content view, separator and gesture machinery, before subviews",
      "uncertainty": {
        "factor": 2,
        "source": "estimate: no public figure; within a factor of 2"
      }
    },
    "nodeBytes": {
      "value": 3072,
      "source": "estimate: cost-figures.md/uikit-semantics.md quote Texture reports of 10,000 rows adding several hundred MB at init (Texture #1869), about 30 KB a row; with about 10 subnodes a row, 3 KB per node",
      "uncertainty": {
        "low": 2048,
        "high": 5120,
        "source": "derived: cost-figures.md's 'several hundred MB' (taken as 200-500 MB) for 10,000 Texture rows, 20-50 KB a row over about 10 subnodes"
      }
    },
    "textAttributedStringBytes": {
      "value": 128,
      "source": "estimate: Texture 2.7's ASTextNode keeps its own copy of the attributed text (ASTextNode.mm, setAttributedText: stores ASCleanseAttributedStringOfCoreTextAttributes(attributedText)); a short attributed string is the object, its string and one attribute run, three small heap blocks of 32-64 bytes (malloc's 16-byte quanta): about 128 bytes, within a factor of 2; no public figure",
      "uncertainty": {
        "factor": 2,
        "source": "estimate: the value's own 'within a factor of 2'"
      }
    },
    "textRendererBytes": {
      "value": 8192,
      "source": "estimate: one cached ASTextKitRenderer of Texture 2.7 (ASTextKitRenderer.mm, initWithTextKitAttributes:constrainedSize:) with its ASTextKitContext, an NSTextStorage, an NSLayoutManager and an NSTextContainer (ASTextKitContext.mm), a shadower and a tail truncater: a whole TextKit stack with glyph, line-fragment and typesetter storage for a short string, about 8 KB, within a factor of 4; no public figure. Texture keeps renderers in one shared NSCache of at most 500 (ASTextNode.mm, sharedRendererCache), not in the nodes",
      "uncertainty": {
        "factor": 4,
        "source": "estimate: the value's own 'within a factor of 4'"
      }
    },
    "viewBodyMicroseconds": {
      "value": 12.8,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: evaluating one SwiftUI view's body (a Text or Image with its modifiers: a small value built on the stack) and the attribute graph comparing the result with the last and updating what changed, per view of a row; taken as about two thirds of configuring one UIKit view (configurePerViewMicroseconds, 12 us: setting its text or image), since no UIView is touched; no public per-view figure (Apple's WWDC25 session 306 says only that 'A millisecond to run a view body may not seem like a long time, but the total time spent can really add up')",
      "uncertainty": {
        "low": 3.4133,
        "high": 48.0,
        "source": "iPhone 7 range (2.6667-24: estimate: no public per-view figure: within a factor of 3) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "viewGraphCreateMicroseconds": {
      "value": 32.0,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: a SwiftUI view's first appearance, per view: its attributes created in the attribute graph and its render node (SwiftUI draws a Text or an Image itself, without a UILabel or UIImageView); taken as a third of creating one UIView (viewCreateMicroseconds, 60 us); no public figure",
      "uncertainty": {
        "low": 8.5333,
        "high": 120.0,
        "source": "iPhone 7 range (6.6667-60: estimate: no public figure: within a factor of 3, at most a whole UIView's creation) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "listIdentifierMicroseconds": {
      "value": 1.6,
      "source": "iPhone 7 figure x 1.60: the A8 is about 1.6x slower than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: SwiftUI's List gathering one row's identifier through its ForEach (Apple, WWDC23 session 10160: 'all the IDs of List and Table are gathered eagerly'; 'it visits the data collection up front, determining each element's ID'): the element's id read and boxed (an AnyHashable) and hashed into the list's table, about an identifier diff's work per item (diffPerItemMicroseconds, 0.6 us, from DifferenceKit's figure) plus a small allocation; taken as 1 us; Apple gives no figure",
      "uncertainty": {
        "low": 0.4267,
        "high": 6.0,
        "source": "iPhone 7 range (0.3333-3: estimate: no public figure: within a factor of 3) x 1.60, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    }
  }
}
"""#
}
