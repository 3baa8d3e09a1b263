extension ShippedProfiles {
    /// `iphone-15-pro`, in the profile-file format (``DeviceProfile/decode(_:)``): a user's
    /// profile starts from a copy (`listbench list devices --profile iphone-15-pro`).
    static let iPhone15Pro = #"""
{
  "name": "iphone-15-pro",
  "summary": "iPhone 15 Pro (2023): A17 Pro, 8 GB RAM, 120 Hz ProMotion, 6.1-inch @3x.",
  "screenWidth": 393,
  "screenHeight": 852,
  "scale": 3,
  "refreshRateHz": 120,
  "cpuCores": {
    "value": 6.0,
    "source": "Apple A17 Pro: a six-core CPU, two performance and four efficiency cores (Apple, iPhone 15 Pro technical specifications); estimate: counted as six equal cores, although the efficiency cores are slower"
  },
  "backgroundWorkers": 5,
  "iOS": {
    "default": 17,
    "minimum": 17,
    "maximum": 26,
    "source": "iPhone 15 Pro shipped with iOS 17 (Apple, iPhone 15 Pro technical specifications) and runs iOS 18 and iOS 26 (Apple, 'iOS 26 is compatible with these devices'); later releases not checked"
  },
  "memoryLimit": {
    "value": 4000000000.0,
    "source": "estimate: half of 8 GB, as for the iPhone 15 profile (cost-figures.md's table: 50-68% of RAM)",
    "uncertainty": {
      "low": 3600000000,
      "high": 5440000000,
      "source": "estimate: cost-figures.md's table puts crash points at 45% (iPhone X) to 68% (iPhone 6s / 7) of RAM: 3600-5440 MB of 8 GB"
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
      "value": 19.2,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: cost-figures.md quotes 6-16 ms for a 2-label nib cell (3 views) on an iPhone 4 (2011), 2-5 ms per view; the A10 is about 17x faster single-core (Geekbench), giving 120-300 us per nib-loaded view; programmatic views skip nib decoding, so half the low end: 60 us",
      "uncertainty": {
        "low": 7.68,
        "high": 60,
        "source": "iPhone 7 range (30-150: estimate: cost-figures.md's 6-16 ms nib cell (3 views) on an iPhone 4 gives 120-300 us per nib-loaded view on an A10 (about 17x faster single-core, Geekbench); a programmatic view, without the nib, taken as half: 60-150 us, and down to 30 us since the 17x speed-up is itself an estimate) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "cellReuseMicroseconds": {
      "value": 2.56,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: dequeuing from a reuse pool is a dictionary look-up plus prepareForReuse; no public figure; small next to creation",
      "uncertainty": {
        "low": 0.6827,
        "high": 9.6,
        "source": "iPhone 7 range (within a factor of 3: estimate: no public figure; a reuse-pool look-up plus prepareForReuse is known only to its order of magnitude: within a factor of 3) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "configurePerViewMicroseconds": {
      "value": 3.84,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: setting text, image and state on one view, without layout; no public figure; about a fifth of creating it",
      "uncertainty": {
        "low": 1.536,
        "high": 9.6,
        "source": "iPhone 7 range (within a factor of 2: estimate: no public figure; about a fifth of creating a view, within a factor of 2) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "textMeasurePerLineMicroseconds": {
      "value": 14.4,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: cost-figures.md: measuring an attributed string took 30-57 us on a Mac (sizeWithAttributes, 1k strings in 0.057 s); estimate for an A10: 45 us per line",
      "uncertainty": {
        "low": 7.68,
        "high": 22.8,
        "source": "iPhone 7 range (30-57: cost-figures.md: 30-57 us per string measured (sizeWithAttributes, on a Mac), taken for an A10 as the value is) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "textMeasurePerCharacterMicroseconds": {
      "value": 0.128,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: per-glyph shaping on top of the per-line cost; 200 characters add about 80 us, in line with the 30-57 us per string quoted in cost-figures.md for short strings",
      "uncertainty": {
        "low": 0.0512,
        "high": 0.32,
        "source": "iPhone 7 range (within a factor of 2: estimate: no public per-character figure; how the 30-57 us per string splits between lines and characters is a guess, within a factor of 2) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "manualLayoutPerViewMicroseconds": {
      "value": 5.44,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: derived: cost-figures.md, layoutBox/FlexLayout benchmark.md: iPhone 7 lays out 100 feed cells in 0.244 s with Auto Layout and 0.020 s with manual layout (PinLayout); 0.2 ms per manual cell over an estimated 12 views per feed cell = 17 us per view",
      "uncertainty": {
        "low": 3.2,
        "high": 10,
        "source": "iPhone 7 range (12.5-25: derived: cost-figures.md's 0.2 ms per manually laid-out feed cell on an iPhone 7 (0.020 s per 100 cells) over 8-16 views a cell (estimated; 12 in the value)) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "autoLayoutPerConstraintMicroseconds": {
      "value": 19.52,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: derived: cost-figures.md, layoutBox/FlexLayout benchmark.md: iPhone 7 lays out 100 feed cells in 0.244 s with Auto Layout and 0.020 s with manual layout (PinLayout); 2.44 ms per Auto Layout cell over an estimated 40 constraints per feed cell = 61 us per constraint",
      "uncertainty": {
        "low": 10.42,
        "high": 32.52,
        "source": "iPhone 7 range (40.7-81.3: derived: cost-figures.md's 2.44 ms per Auto Layout feed cell on an iPhone 7 (0.244 s per 100 cells) over 30-60 constraints a cell (estimated; 40 in the value)) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "textRenderPerLineMicroseconds": {
      "value": 19.2,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: rasterising one line of text into a backing store; no public figure; slightly more than measuring it",
      "uncertainty": {
        "low": 7.68,
        "high": 48,
        "source": "iPhone 7 range (within a factor of 2: estimate: no public figure; rasterising a line taken near the cost of measuring it (30-57 us), within a factor of 2) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "imageDecodePerMegapixelMilliseconds": {
      "value": 8.0,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: derived: cost-figures.md quotes about 100 ms to decode a 1024x768 image (0.79 MP) on an iPad 2 (2011), 127 ms/MP; the A10 is about 5x faster (estimate): 25 ms/MP",
      "uncertainty": {
        "low": 4.608,
        "high": 14.4,
        "source": "iPhone 7 range (18-36: derived: cost-figures.md's 127 ms/MP on an iPad 2 (2011) over an A10 speed-up of 3.5-7x (estimated; 5x in the value)) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "batchUpdateMicroseconds": {
      "value": 128.0,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: performBatchUpdates' fixed cost (validation, animation set-up, layout invalidation); no public figure",
      "uncertainty": {
        "low": 34.13,
        "high": 480,
        "source": "iPhone 7 range (within a factor of 3: estimate: no public figure; known only to its order of magnitude: within a factor of 3) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "batchUpdatePerOperationMicroseconds": {
      "value": 1.92,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: each insert/delete/move/reload adds bookkeeping and an animation; no public figure",
      "uncertainty": {
        "low": 0.512,
        "high": 7.2,
        "source": "iPhone 7 range (within a factor of 3: estimate: no public figure; known only to its order of magnitude: within a factor of 3) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "reloadDataMicroseconds": {
      "value": 80.0,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: reloadData's fixed cost (dropping caches, re-asking counts); visible cells are charged separately",
      "uncertainty": {
        "low": 21.33,
        "high": 300,
        "source": "iPhone 7 range (within a factor of 3: estimate: no public figure; known only to its order of magnitude: within a factor of 3) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "rowGeometryPerRowMicroseconds": {
      "value": 0.0064,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: rebuilding the table's row geometry (each row's height and offset, per section) is a few dozen instructions per row in C; at the A10's 2.3 GHz about 20 ns; no public per-row figure (Apple's old heightForRowAtIndexPath: documentation warns only that tables of about 1000 rows or more suffer when every row's height is asked)",
      "uncertainty": {
        "low": 0.001707,
        "high": 0.024,
        "source": "iPhone 7 range (within a factor of 3: estimate: no public per-row figure; 'a few dozen instructions' could be a dozen or a hundred: within a factor of 3) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "delegateCallMicroseconds": {
      "value": 0.096,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: one Objective-C message from UIKit to a Swift delegate method with an index path (bridging NSIndexPath to IndexPath allocates), before the method's own work; no public figure",
      "uncertainty": {
        "low": 0.0256,
        "high": 0.36,
        "source": "iPhone 7 range (within a factor of 3: estimate: no public figure; one Objective-C message with an index path's bridging, known only to its order of magnitude: within a factor of 3) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "diffPerItemMicroseconds": {
      "value": 0.192,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: derived: cost-figures.md, DifferenceKit README: 100,000 items diffed in 34.8 ms on an iPhone 11 Pro simulator (0.35 us per item, Mac hardware); an A10 is about 1.7x slower (estimate): 0.6 us",
      "uncertainty": {
        "low": 0.1075,
        "high": 0.42,
        "source": "iPhone 7 range (0.42-1.05: derived: DifferenceKit's 0.35 us per item on Mac hardware (cost-figures.md), an A10 taken as 1.2-3x slower (estimated; 1.7x in the value)) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "nibDecodePerViewMicroseconds": {
      "value": 19.2,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: cost-figures.md quotes 6-16 ms for a 2-label nib cell (3 views) on an iPhone 4 (2011), 2-5 ms per view; the A10 is about 17x faster single-core (Geekbench), giving 120-300 us per nib-loaded view, of which viewCreateMicroseconds (60 us) is the view itself; the rest of the low end, 60 us, is decoding it from the nib's archive",
      "uncertainty": {
        "low": 7.68,
        "high": 96,
        "source": "iPhone 7 range (30-240: estimate: the rest of cost-figures.md's 120-300 us per nib-loaded view (its iPhone 4 figure over a 17x speed-up) after creating the view (60 us): 60-240 us, and down to 30 us since the speed-up is itself an estimate) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "jsonDecodePerKilobyteMicroseconds": {
      "value": 64.0,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: Swift's JSONDecoder parses about 10 MB/s on a 2020 Mac (Marcel Weiher's series on JSON parsing for iOS and macOS, part 8: his parser's 195 MB/s is 'nearly 20 times faster than Swift's native JSONDecoder'); an A10 core taken as about half a 2020 Mac core (Geekbench; estimate): 5 MB/s, 200 us per kilobyte",
      "uncertainty": {
        "low": 25.6,
        "high": 160,
        "source": "iPhone 7 range (within a factor of 2: estimate: JSONDecoder's 10 MB/s on a 2020 Mac comes from a ratio ('nearly 20 times faster'), and an A10 core as half a Mac core is a guess: within a factor of 2) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "nodeAllocateMicroseconds": {
      "value": 22.4,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: allocating a Texture cell node and its subnode tree off main is a little dearer than creating one UIView (60 us), since nodes also build their layout specs",
      "uncertainty": {
        "low": 8.96,
        "high": 56,
        "source": "iPhone 7 range (within a factor of 2: estimate: no public figure; taken from a UIView's cost, itself uncertain: within a factor of 2) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "nodeLayoutPerSubnodeMicroseconds": {
      "value": 6.4,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: layoutThatFits per subnode with Texture's flexbox specs, between manual layout (17 us/view) and Auto Layout, per cost-figures.md's FlexLayout figure (0.028 s per 100 cells on an iPhone 7)",
      "uncertainty": {
        "low": 3.2,
        "high": 16,
        "source": "iPhone 7 range (12.5-40: estimate: between manual layout (12.5-25 us per view) and Auto Layout; cost-figures.md's FlexLayout figure (0.028 s per 100 cells on an iPhone 7) is about 23 us per view over 12 views: 12.5-40 us) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "nodeViewLoadPerSubnodeMicroseconds": {
      "value": 8.0,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: creating a node's backing view and layer on main (didLoad); less than a full UIView set-up since node properties are applied in bulk",
      "uncertainty": {
        "low": 3.2,
        "high": 20,
        "source": "iPhone 7 range (within a factor of 2: estimate: no public figure; less than a UIView's set-up, within a factor of 2) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
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
      "value": 2.56,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: evaluating one SwiftUI view's body (a Text or Image with its modifiers: a small value built on the stack) and the attribute graph comparing the result with the last and updating what changed, per view of a row; taken as about two thirds of configuring one UIKit view (configurePerViewMicroseconds, 12 us: setting its text or image), since no UIView is touched; no public per-view figure (Apple's WWDC25 session 306 says only that 'A millisecond to run a view body may not seem like a long time, but the total time spent can really add up')",
      "uncertainty": {
        "low": 0.6827,
        "high": 9.6,
        "source": "iPhone 7 range (2.6667-24: estimate: no public per-view figure: within a factor of 3) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "viewGraphCreateMicroseconds": {
      "value": 6.4,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: a SwiftUI view's first appearance, per view: its attributes created in the attribute graph and its render node (SwiftUI draws a Text or an Image itself, without a UILabel or UIImageView); taken as a third of creating one UIView (viewCreateMicroseconds, 60 us); no public figure",
      "uncertainty": {
        "low": 1.7067,
        "high": 24.0,
        "source": "iPhone 7 range (6.6667-60: estimate: no public figure: within a factor of 3, at most a whole UIView's creation) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    },
    "listIdentifierMicroseconds": {
      "value": 0.32,
      "source": "iPhone 7 figure x 0.32: the A17 Pro is about 3.1x faster than the A10 single-core (Geekbench; estimate). iPhone 7 figure: estimate: SwiftUI's List gathering one row's identifier through its ForEach (Apple, WWDC23 session 10160: 'all the IDs of List and Table are gathered eagerly'; 'it visits the data collection up front, determining each element's ID'): the element's id read and boxed (an AnyHashable) and hashed into the list's table, about an identifier diff's work per item (diffPerItemMicroseconds, 0.6 us, from DifferenceKit's figure) plus a small allocation; taken as 1 us; Apple gives no figure",
      "uncertainty": {
        "low": 0.0853,
        "high": 1.2,
        "source": "iPhone 7 range (0.3333-3: estimate: no public figure: within a factor of 3) x 0.32, widened by the scaling's own uncertainty: single-core Geekbench ratios differ between Geekbench versions, and list work is not pure CPU (memory, caches): factor 1.25 (estimate); the bounds multiply (both at their extremes)"
      }
    }
  }
}
"""#
}
