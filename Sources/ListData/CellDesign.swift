/// The vocabulary of item kinds and their cell designs (scenario format
/// version 2, `data.kinds`): what a cell holds, how it is laid out, how its
/// height is known, and how an item's values (text lengths, image counts,
/// how many times a part shows) are drawn.
///
/// A scenario file decodes to these values; the shipped kind sets
/// (``KindSet/feed``, ``KindSet/restaurantDetail``) are written with them
/// too. The strategies turn a design and an item into what a cell shows
/// (`Strategies`' `KindSet+Content.swift`); the format is documented in
/// `docs/scenario-format.md`, "Kinds and cell designs".

/// A whole number an item draws for its design: an image count, a text
/// length, how many times a part shows.
///
/// Items of a scenario's kinds draw it from ``distribution``, seeded by the
/// item (``KindSet/value(_:slot:of:)``); the built-in data (the `feed` and
/// `restaurant-detail` templates) has the value in the item's own field,
/// named by ``field``.
public struct DesignValue: Equatable, Sendable {
    /// How the value is drawn.
    public enum Distribution: Equatable, Sendable {
        /// Always this number.
        case fixed(Int)
        /// Uniformly in `min...max`.
        case range(min: Int, max: Int)
        /// One of the numbers, by relative weight (in ascending number order).
        case weights([Weighted])
        /// 1 with this probability (0…1), else 0: a part that shows or not.
        case chance(Double)
    }

    /// A number and its relative weight.
    public struct Weighted: Equatable, Sendable {
        public var value: Int
        public var weight: Double

        public init(_ value: Int, weight: Double) {
            self.value = value
            self.weight = weight
        }
    }

    public var distribution: Distribution
    /// The built-in data's field that holds the value (nil: drawn).
    public var field: ItemField?

    public init(_ distribution: Distribution, field: ItemField? = nil) {
        self.distribution = distribution
        self.field = field
    }

    public static func fixed(_ value: Int) -> DesignValue { DesignValue(.fixed(value)) }

    /// The largest value the distribution gives.
    public var maximum: Int {
        switch distribution {
        case .fixed(let value): return value
        case let .range(_, max): return max
        case .weights(let weights): return weights.map(\.value).max() ?? 0
        case .chance(let probability): return probability > 0 ? 1 : 0
        }
    }
}

/// A field of a built-in ``Item`` that a shipped design reads its value from.
public enum ItemField: String, Equatable, Sendable, CaseIterable {
    case textLength, photos, linkCard, video, commentPreviews, reactions

    /// The field's value in `item` (a flag is 0 or 1).
    public func value(in item: Item) -> Int {
        switch self {
        case .textLength: return item.textLength
        case .photos: return item.photos
        case .linkCard: return item.linkCard ? 1 : 0
        case .video: return item.video ? 1 : 0
        case .commentPreviews: return item.commentPreviews
        case .reactions: return item.reactions ? 1 : 0
        }
    }
}

/// One run of text in a part: a label's string, with its attributes.
public struct TextRun: Equatable, Sendable {
    /// Characters.
    public var length: DesignValue
    /// Points; the average character is ``characterWidth`` wide.
    public var fontSize: Double
    /// Points from one line's baseline to the next.
    public var lineHeight: Double
    /// The most lines shown (nil: as many as the text needs).
    public var maxLines: Int?
    /// The margin on each side of the text, in points: it wraps at the
    /// cell's width less twice this.
    public var inset: Double

    public init(length: DesignValue, fontSize: Double = 15, lineHeight: Double = 20, maxLines: Int? = nil, inset: Double = 16) {
        self.length = length
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.maxLines = maxLines
        self.inset = inset
    }

    /// The average width of a character, in points: half the font size
    /// (estimate: the average advance of Latin text in a proportional
    /// system font is about half an em; at 15 pt, 7.5 pt, the figure the
    /// feed's cells have always used).
    public var characterWidth: Double { fontSize * 0.5 }

    /// The lines `characters` characters take at a cell `width` points wide.
    /// A line holds one character at least: insets wider than the cell wrap
    /// the text a character a line, as a label narrower than a glyph does.
    ///
    /// - Complexity: O(1).
    public func lines(_ characters: Int, width: Double) -> Int {
        Self.lines(characters, width: width, characterWidth: characterWidth, inset: inset, maxLines: maxLines)
    }

    /// ``lines(_:width:)`` of a run with these attributes (``KindSet/FlatText`` too).
    static func lines(_ characters: Int, width: Double, characterWidth: Double, inset: Double, maxLines: Int?) -> Int {
        let wrapWidth = max(characterWidth, width - 2 * inset)
        let wrapped = characters <= 0 ? 0 : Int((Double(characters) * characterWidth / wrapWidth).rounded(.up))
        return maxLines.map { min($0, wrapped) } ?? wrapped
    }
}

/// How large an image is shown, in points.
public enum DisplaySize: Equatable, Sendable {
    /// A fixed size.
    case points(width: Double, height: Double)
    /// A fraction of the cell's width, and a height of that width times `aspect`.
    case fraction(Double, aspect: Double)

    /// The size at a cell `width` points wide.
    public func size(width: Double) -> (width: Double, height: Double) {
        switch self {
        case let .points(w, h): return (w, h)
        case let .fraction(fraction, aspect):
            let shown = width * fraction
            return (shown, shown * aspect)
        }
    }
}

/// A part's images: how many, at which pixel size, shown how large.
public struct ImageSet: Equatable, Sendable {
    /// Images the item has for the part.
    public var count: DesignValue
    /// Each image's pixel size as it arrives (its source). Nil: exactly the
    /// display size at the screen's scale (a server that sizes images for the cell).
    public var pixels: (width: Int, height: Int)?
    /// How large each image is shown.
    public var display: DisplaySize
    /// How large an image is shown when it is the only one (nil: ``display``).
    public var single: DisplaySize?
    /// Images side by side in a row; rows stack.
    public var columns: Int
    /// The most images shown (nil: all of them).
    public var maxShown: Int?

    public init(count: DesignValue, pixels: (width: Int, height: Int)? = nil, display: DisplaySize, single: DisplaySize? = nil,
                columns: Int = 1, maxShown: Int? = nil) {
        self.count = count
        self.pixels = pixels
        self.display = display
        self.single = single
        self.columns = columns
        self.maxShown = maxShown
    }

    /// The images shown of `count`.
    public func shown(_ count: Int) -> Int { Self.shown(count, maxShown: maxShown) }

    /// ``shown(_:)`` with at most `maxShown` shown (``KindSet/FlatImages`` too).
    static func shown(_ count: Int, maxShown: Int?) -> Int { max(0, maxShown.map { min($0, count) } ?? count) }

    public static func == (lhs: ImageSet, rhs: ImageSet) -> Bool {
        lhs.count == rhs.count && lhs.pixels?.width == rhs.pixels?.width && lhs.pixels?.height == rhs.pixels?.height
            && lhs.display == rhs.display && lhs.single == rhs.single && lhs.columns == rhs.columns && lhs.maxShown == rhs.maxShown
    }
}

/// One part of a cell design: a header, a block of text, a photo grid, a
/// row of buttons. `viewmodel-cells` shows each part as a row of its own.
public struct PartDesign: Equatable, Sendable {
    public var name: String
    /// How many times the part shows in an item (0: not at all; a comment preview shows 0 to 3 times).
    public var count: DesignValue
    /// Views of the part besides its images and controls (labels, containers, separators).
    public var views: Int
    public var texts: [TextRun]
    public var images: ImageSet?
    /// Buttons, switches, steppers: one view each, on one row of 44 pt.
    public var controls: Int
    /// The height of one showing, in points; nil: its texts' lines, its
    /// image rows and its controls' row, stacked, plus ``padding``.
    public var height: Double?
    /// Points added to a computed height (margins).
    public var padding: Double
    /// Texture: the subnodes one showing makes (nil: one per view, image and control).
    public var nodes: Int?
    /// Texture: its text nodes (nil: one per text run).
    public var textNodes: Int?

    public init(name: String, count: DesignValue = .fixed(1), views: Int = 0, texts: [TextRun] = [], images: ImageSet? = nil,
                controls: Int = 0, height: Double? = nil, padding: Double = 0, nodes: Int? = nil, textNodes: Int? = nil) {
        self.name = name
        self.count = count
        self.views = views
        self.texts = texts
        self.images = images
        self.controls = controls
        self.height = height
        self.padding = padding
        self.nodes = nodes
        self.textNodes = textNodes
    }

    /// The height of a row of controls (Apple, Human Interface Guidelines,
    /// "Accessibility": a hit target of at least 44 × 44 pt).
    public static let controlRowHeight = 44.0
}

/// The layout engine of a kind's cells.
public enum LayoutEngine: String, Equatable, Sendable, CaseIterable {
    case autolayout, manual
}

/// How a table knows a kind's row height.
public enum HeightRule: Equatable, Sendable {
    /// Every row of the kind has this height (`rowHeight`).
    case fixed(Double)
    /// The delegate computes it from the item (`heightForRowAt`), measuring
    /// the content; with an estimate, lazily as rows come near.
    case delegate(estimate: Double?)
    /// The cell sizes itself from its content when laid out; until then the row has the estimate.
    case selfSized(estimate: Double)
}

/// An item kind: its cell design, how its height is known, and its weight among the kinds.
public struct KindDesign: Equatable, Sendable {
    public var name: String
    /// Relative weight when a section draws its items from the kinds (unless the section gives its own).
    public var weight: Double
    public var layout: LayoutEngine
    public var height: HeightRule
    /// The views a new cell of the kind is created with, when the design
    /// gives them as a whole (a nib's count); nil: the cell and every part
    /// at its largest (``KindSet/maximumViews(of:)``).
    public var views: Int?
    /// Whether configuring a cell gives data to all its ``views`` (a binder
    /// setting every outlet), rather than to the parts an item shows.
    public var configuresAllViews: Bool
    public var parts: [PartDesign]

    public init(name: String, weight: Double = 1, layout: LayoutEngine = .autolayout, height: HeightRule = .selfSized(estimate: 300),
                views: Int? = nil, configuresAllViews: Bool = false, parts: [PartDesign]) {
        self.name = name
        self.weight = weight
        self.layout = layout
        self.height = height
        self.views = views
        self.configuresAllViews = configuresAllViews
        self.parts = parts
    }
}
