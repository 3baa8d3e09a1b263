/// The binary form of a kind set, for a generated scenario handed to
/// another process (``ByteWriter``/``ByteReader``).
extension KindSet {
    public func encode(to writer: inout ByteWriter) {
        writer.write(name)
        switch source {
        case .itemFields: writer.write(byte: 0)
        case .drawn(let seed):
            writer.write(byte: 1)
            writer.write(seed)
        }
        writer.write(kinds) { writer, kind in kind.encode(to: &writer) }
    }

    public init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        let name = try reader.string()
        let source: Source
        switch try reader.byte() {
        case 0: source = .itemFields
        case 1: source = .drawn(seed: try reader.unsigned())
        case let tag: throw reader.failure("unknown kind set source \(tag)")
        }
        let kinds = try reader.array { reader throws(BinaryDecodingError) in try KindDesign(from: &reader) }
        guard !kinds.isEmpty else { throw reader.failure("a kind set without kinds") }
        self.init(name: name, kinds: kinds, source: source)
    }
}

extension KindDesign {
    func encode(to writer: inout ByteWriter) {
        writer.write(name)
        writer.write(weight)
        writer.write(byte: layout == .autolayout ? 0 : 1)
        switch height {
        case .fixed(let points):
            writer.write(byte: 0)
            writer.write(points)
        case .delegate(let estimate):
            writer.write(byte: 1)
            writer.write(estimate)
        case .selfSized(let estimate):
            writer.write(byte: 2)
            writer.write(estimate)
        }
        writer.write(optional: views)
        writer.write(configuresAllViews)
        writer.write(parts) { writer, part in part.encode(to: &writer) }
    }

    init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        let name = try reader.string()
        let weight = try reader.double()
        let layout: LayoutEngine = try reader.byte() == 0 ? .autolayout : .manual
        let height: HeightRule
        switch try reader.byte() {
        case 0: height = .fixed(try reader.double())
        case 1: height = .delegate(estimate: try reader.optionalDouble())
        case 2: height = .selfSized(estimate: try reader.double())
        case let tag: throw reader.failure("unknown height rule \(tag)")
        }
        let views = try reader.optionalInt()
        let all = try reader.bool()
        let parts = try reader.array { reader throws(BinaryDecodingError) in try PartDesign(from: &reader) }
        self.init(name: name, weight: weight, layout: layout, height: height, views: views, configuresAllViews: all, parts: parts)
    }
}

extension PartDesign {
    func encode(to writer: inout ByteWriter) {
        writer.write(name)
        count.encode(to: &writer)
        writer.write(views)
        writer.write(texts) { writer, run in
            run.length.encode(to: &writer)
            writer.write(run.fontSize)
            writer.write(run.lineHeight)
            writer.write(optional: run.maxLines)
            writer.write(run.inset)
        }
        writer.write(images != nil)
        if let images {
            images.count.encode(to: &writer)
            writer.write(optional: images.pixels?.width)
            writer.write(optional: images.pixels?.height)
            images.display.encode(to: &writer)
            writer.write(images.single != nil)
            images.single?.encode(to: &writer)
            writer.write(images.columns)
            writer.write(optional: images.maxShown)
        }
        writer.write(controls)
        writer.write(height)
        writer.write(padding)
        writer.write(optional: nodes)
        writer.write(optional: textNodes)
    }

    init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        self.init(name: try reader.string(), count: try DesignValue(from: &reader), views: try reader.int())
        texts = try reader.array { reader throws(BinaryDecodingError) in
            TextRun(length: try DesignValue(from: &reader), fontSize: try reader.double(), lineHeight: try reader.double(),
                    maxLines: try reader.optionalInt(), inset: try reader.double())
        }
        if try reader.bool() {
            let count = try DesignValue(from: &reader)
            let width = try reader.optionalInt()
            let height = try reader.optionalInt()
            let display = try DisplaySize(from: &reader)
            let single = try reader.bool() ? try DisplaySize(from: &reader) : nil
            images = ImageSet(count: count, pixels: width.flatMap { w in height.map { (w, $0) } }, display: display, single: single,
                              columns: try reader.int(), maxShown: try reader.optionalInt())
        }
        controls = try reader.int()
        height = try reader.optionalDouble()
        padding = try reader.double()
        nodes = try reader.optionalInt()
        textNodes = try reader.optionalInt()
    }
}

extension DisplaySize {
    func encode(to writer: inout ByteWriter) {
        switch self {
        case let .points(width, height):
            writer.write(byte: 0)
            writer.write(width)
            writer.write(height)
        case let .fraction(fraction, aspect):
            writer.write(byte: 1)
            writer.write(fraction)
            writer.write(aspect)
        }
    }

    init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        switch try reader.byte() {
        case 0: self = .points(width: try reader.double(), height: try reader.double())
        case 1: self = .fraction(try reader.double(), aspect: try reader.double())
        case let tag: throw reader.failure("unknown display size \(tag)")
        }
    }
}

extension DesignValue {
    func encode(to writer: inout ByteWriter) {
        switch distribution {
        case .fixed(let value):
            writer.write(byte: 0)
            writer.write(value)
        case let .range(low, high):
            writer.write(byte: 1)
            writer.write(low)
            writer.write(high)
        case .weights(let weights):
            writer.write(byte: 2)
            writer.write(weights) { writer, entry in
                writer.write(entry.value)
                writer.write(entry.weight)
            }
        case .chance(let probability):
            writer.write(byte: 3)
            writer.write(probability)
        }
        writer.write(field?.rawValue ?? "")
    }

    init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        let distribution: Distribution
        switch try reader.byte() {
        case 0: distribution = .fixed(try reader.int())
        case 1: distribution = .range(min: try reader.int(), max: try reader.int())
        case 2:
            distribution = .weights(try reader.array(minimumBytes: 9) { reader throws(BinaryDecodingError) in
                Weighted(try reader.int(), weight: try reader.double())
            })
        case 3: distribution = .chance(try reader.double())
        case let tag: throw reader.failure("unknown design value \(tag)")
        }
        let field = try reader.string()
        guard field.isEmpty || ItemField(rawValue: field) != nil else { throw reader.failure("unknown item field '\(field)'") }
        self.init(distribution, field: ItemField(rawValue: field))
    }
}
