/// Identifies what a cell shows: an item and the version of its content.
/// Two cells with equal keys show the same thing.
public struct ContentKey: Hashable, Sendable, CustomStringConvertible {
    public var item: Int
    public var version: Int

    public init(item: Int, version: Int) {
        self.item = item
        self.version = version
    }

    public var description: String { "\(item)@\(version)" }
}

/// What a configured cell (or a Texture node) displays, as the cost model sees it.
public struct CellContent: Equatable, Sendable {
    public var key: ContentKey
    /// Views that receive data when configured.
    public var views: Int
    /// Text to measure and render.
    public var textLines: Int
    public var textCharacters: Int
    /// Pixels of images to decode (width × height, in pixels): their source
    /// size, which decoding time follows, and their memory when decoded as set.
    public var imagePixels: Int
    /// The images' pixels at their display size, when smaller than their
    /// source (``imagePixels``): the memory of images an image library
    /// decodes and downsamples to their display size off main (nil: the
    /// images arrive at their display size).
    public var imageDisplayPixels: Int?
    /// Whether the images were decoded ahead (off main), so display costs no decode.
    public var imagesPredecoded: Bool
    /// Auto Layout constraints; 0 for manual layout.
    public var constraints: Int
    /// The height the content needs, in points, when self-sized.
    public var height: Double
    /// Texture: the text nodes among its subnodes; each keeps its own
    /// attributed string (`ASTextNode.attributedText`).
    public var textNodes: Int
    /// Texture: the text-kit renderers its text nodes need. Texture keeps
    /// one renderer per attributed string and size in a shared cache, so
    /// text nodes with the same string and size share one.
    public var textRenderers: Int
    /// The area, in square points, of the layers that draw a backing store
    /// (a Texture text node draws its own); nil: its text lines across the
    /// cell's width (``Simulation/backingStoreBytes(of:width:)``).
    public var drawnArea: Double?

    public init(
        key: ContentKey, views: Int = 1, textLines: Int = 0, textCharacters: Int = 0, imagePixels: Int = 0,
        imageDisplayPixels: Int? = nil, imagesPredecoded: Bool = false, constraints: Int = 0, height: Double = 44,
        textNodes: Int = 0, textRenderers: Int = 0, drawnArea: Double? = nil
    ) {
        self.key = key
        self.views = views
        self.textLines = textLines
        self.textCharacters = textCharacters
        self.imagePixels = imagePixels
        self.imageDisplayPixels = imageDisplayPixels
        self.imagesPredecoded = imagesPredecoded
        self.constraints = constraints
        self.height = height
        self.textNodes = textNodes
        self.textRenderers = textRenderers
        self.drawnArea = drawnArea
    }
}

extension Simulation {
    /// Measuring the content's height: text measurement plus one layout pass.
    ///
    /// - Complexity: O(1).
    public func measureCost(_ content: CellContent) -> Double {
        Double(content.textLines) * costs.textMeasurePerLineMicroseconds.value
            + Double(content.textCharacters) * costs.textMeasurePerCharacterMicroseconds.value
            + layoutCost(content)
    }

    /// One layout pass over the content's views.
    public func layoutCost(_ content: CellContent) -> Double {
        content.constraints > 0
            ? Double(content.constraints) * costs.autoLayoutPerConstraintMicroseconds.value
            : Double(content.views) * costs.manualLayoutPerViewMicroseconds.value
    }

    /// Charges rendering the content to the current thread: its text
    /// rasterised, then its images decoded unless predecoded (or `decodingImages` is false).
    public func chargeRendering(_ content: CellContent, decodingImages: Bool = true) {
        charge(microseconds: Double(content.textLines) * costs.textRenderPerLineMicroseconds.value, .textRendering)
        if !content.imagesPredecoded, decodingImages { charge(microseconds: decodeCost(pixels: content.imagePixels), .imageDecoding) }
    }

    /// Decoding images of this many pixels, in microseconds.
    public func decodeCost(pixels: Int) -> Double {
        Double(pixels) / 1_000_000 * costs.imageDecodePerMegapixelMilliseconds.value * 1_000
    }

    /// The height of one line of text, in points (estimate: 15 pt text on 20 pt lines).
    public static let textLineHeight = 20.0

    /// The backing store of displayed content: width × height × scale² × 4 bytes.
    public func backingStoreBytes(width: Double, height: Double) -> Int {
        Int(width * height * device.scale * device.scale * 4)
    }

    /// The backing stores content draws into: its ``CellContent/drawnArea``
    /// when the design gives it (a Texture text node draws a backing store
    /// of its own bounds), else its text, `textLines` lines across the width.
    /// Images are counted as decoded images, and views that only hold
    /// subviews or images draw no backing store of their own.
    ///
    /// Caveat: Core Graphics pads each pixel row of a bitmap to an aligned
    /// length, which this formula leaves out; for very narrow layers (a
    /// 2-point text node is 6 pixels wide at @3x) the real store is larger.
    public func backingStoreBytes(of content: CellContent, width: Double) -> Int {
        if let area = content.drawnArea { return Int(area * device.scale * device.scale * 4) }
        return backingStoreBytes(width: width, height: Double(content.textLines) * Self.textLineHeight)
    }
}
