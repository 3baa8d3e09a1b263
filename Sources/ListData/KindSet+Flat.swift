import Randomness

/// A kind set's designs as plain numbers, for working out what an item
/// shows (every strategy asks it for every row it binds, and
/// `viewmodel-cells` for every post of a million-item list).
///
/// A design's values and texts are structs holding a distribution that may
/// hold an array (``DesignValue/Distribution/weights(_:)``): reading one
/// copied it, retaining and releasing that array, and a part's name and
/// texts came with it (about a third of building an item's content). The
/// flat form holds the same numbers with nothing to retain: a kind is one
/// object, its parts, texts and weights three arrays of plain values, each
/// weight list a range of the kind's ``FlatKind/weights``. It is built with
/// the set (``KindSet/init(name:kinds:source:)``, again whenever
/// ``KindSet/kinds`` changes) and gives exactly the values, lines and
/// sizes of the designs it was built from (a test compares them).
extension KindSet {
    /// A ``DesignValue`` as plain numbers.
    public struct FlatValue: Sendable {
        enum Draw: UInt8, Sendable { case fixed, range, chance, weights }

        let draw: Draw
        let field: ItemField?
        /// Fixed: the value; range: its least; weights: the first of its
        /// entries in ``FlatKind/weights``.
        let low: Int
        /// Range: its greatest; weights: the end of its entries.
        let high: Int
        /// Chance: its probability; weights: their sum, added in order.
        let probability: Double
        /// ``DesignValue/maximum``.
        let maximum: Int

        /// `value`, its weights (if any) at `start` of its kind's weights.
        init(_ value: DesignValue, weightsAt start: Int) {
            field = value.field
            maximum = value.maximum
            switch value.distribution {
            case .fixed(let fixed): (draw, low, high, probability) = (.fixed, fixed, fixed, 0)
            case let .range(low, high): (draw, self.low, self.high, probability) = (.range, low, high, 0)
            case .chance(let chance): (draw, low, high, probability) = (.chance, 0, 0, chance)
            case .weights(let weights):
                (draw, low, high) = (.weights, start, start + weights.count)
                probability = weights.reduce(0) { $0 + $1.weight }
            }
        }

        /// The value when nothing is bound: a fixed value not read from a field, else 0.
        public var unbound: Int { draw == .fixed && field == nil ? low : 0 }
    }

    /// A ``TextRun`` as plain numbers.
    public struct FlatText: Sendable {
        public let length: FlatValue
        public let lineHeight: Double
        let characterWidth: Double
        let inset: Double
        let maxLines: Int?

        init(_ text: TextRun, weightsAt start: Int) {
            length = FlatValue(text.length, weightsAt: start)
            lineHeight = text.lineHeight
            characterWidth = text.characterWidth
            inset = text.inset
            maxLines = text.maxLines
        }

        /// ``TextRun/lines(_:width:)``.
        public func lines(_ characters: Int, width: Double) -> Int {
            TextRun.lines(characters, width: width, characterWidth: characterWidth, inset: inset, maxLines: maxLines)
        }
    }

    /// An ``ImageSet`` as plain numbers.
    public struct FlatImages: Sendable {
        public let count: FlatValue
        /// One image's source pixels (nil: its display pixels).
        public let sourcePixels: Double?
        public let display: DisplaySize
        public let single: DisplaySize?
        public let columns: Int
        let maxShown: Int?

        init(_ images: ImageSet, weightsAt start: Int) {
            count = FlatValue(images.count, weightsAt: start)
            sourcePixels = images.pixels.map { Double($0.width) * Double($0.height) }
            display = images.display
            single = images.single
            columns = images.columns
            maxShown = images.maxShown
        }

        /// ``ImageSet/shown(_:)``.
        public func shown(_ count: Int) -> Int { ImageSet.shown(count, maxShown: maxShown) }
    }

    /// A ``PartDesign`` as plain numbers; its texts are a range of its kind's.
    public struct FlatPart: Sendable {
        public let count: FlatValue
        public let views: Int
        public let texts: Range<Int>
        public let images: FlatImages?
        public let controls: Int
        public let height: Double?
        public let padding: Double
        /// The slot of its count (``KindDesign/slots(ofPart:)``): its texts'
        /// lengths follow, one slot each, then its image count.
        public let slot: Int
    }

    /// A ``KindDesign``'s parts, texts and weights as plain numbers, held once.
    public final class FlatKind: Sendable {
        public let parts: [FlatPart]
        public let texts: [FlatText]
        let weights: [DesignValue.Weighted]

        /// - Complexity: O(parts + texts + weights).
        init(_ kind: KindDesign) {
            var parts: [FlatPart] = []
            var texts: [FlatText] = []
            var weights: [DesignValue.Weighted] = []
            // Where a value's weights start: they are appended to the kind's.
            func weightsStart(_ value: DesignValue) -> Int {
                let start = weights.count
                if case .weights(let entries) = value.distribution { weights += entries }
                return start
            }
            var slot = 0
            for part in kind.parts {
                let count = FlatValue(part.count, weightsAt: weightsStart(part.count))
                let first = texts.count
                for text in part.texts { texts.append(FlatText(text, weightsAt: weightsStart(text.length))) }
                let images = part.images.map { FlatImages($0, weightsAt: weightsStart($0.count)) }
                parts.append(FlatPart(count: count, views: part.views, texts: first..<texts.count, images: images,
                                      controls: part.controls, height: part.height, padding: part.padding, slot: slot))
                slot += 2 + part.texts.count
            }
            self.parts = parts
            self.texts = texts
            self.weights = weights
        }
    }

    /// The flat form of each of ``kinds``, in order.
    static func flatten(_ kinds: [KindDesign]) -> [FlatKind] { kinds.map(FlatKind.init) }

    /// The flat form of the item's kind.
    ///
    /// - Complexity: O(1).
    public func flatKind(of item: Item) -> FlatKind { flatKinds[kindIndex(of: item)] }

    /// ``value(_:slot:of:)`` of a flat value of `kind`.
    ///
    /// - Complexity: O(1) (O(w) for `w` weights).
    public func value(_ value: FlatValue, slot: Int, of item: Item, in kind: FlatKind) -> Int {
        draw(value, slot: slot, of: item, weights: kind.weights)
    }

    /// The one place a value is drawn (``value(_:slot:of:)``'s rules), with
    /// a weights value's entries at its range of `weights`.
    func draw(_ value: FlatValue, slot: Int, of item: Item, weights: [DesignValue.Weighted]) -> Int {
        if case .itemFields = source {
            if let field = value.field { return field.value(in: item) }
        }
        if value.draw == .fixed { return value.low }
        guard case .drawn(let seed) = source else { return value.maximum }
        var generator = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: item.id) &* 0x9E37_79B9_7F4A_7C15)
            ^ (UInt64(truncatingIfNeeded: item.version) &* 0xBF58_476D_1CE4_E5B9) ^ (UInt64(truncatingIfNeeded: slot) &* 0x94D0_49BB_1331_11EB))
        let unit = Double(generator.next() >> 11) * 0x1p-53
        switch value.draw {
        case .fixed: return value.low
        case .range: return value.low + min(value.high - value.low, Int(unit * Double(value.high - value.low + 1)))
        case .chance: return unit < value.probability ? 1 : 0
        case .weights:
            var pick = unit * value.probability
            for index in value.low..<value.high {
                if pick < weights[index].weight { return weights[index].value }
                pick -= weights[index].weight
            }
            return value.high > value.low ? weights[value.high - 1].value : 0
        }
    }
}
