import ListData

/// A device profile in ``ByteWriter``'s compact form, for a run plan handed
/// to a worker (``RunPlan``): every field, each constant's source and
/// uncertainty included, so that the worker's profile equals the parent's.
/// Much cheaper than its JSON both ways, which every modeled run in a
/// serving worker paid on each side (docs/performance.md).
///
/// The format is private to one build (a parent and its workers are the
/// same binary); ``RunPlan`` carries its magic number and version.
extension DeviceProfile {
    /// Writes every field, the costs in ``CostTable/constantPaths``' order
    /// (their declaration order, in which ``init(from:)`` reads them).
    ///
    /// - Complexity: O(size of the profile).
    public func encode(to writer: inout ByteWriter) {
        writer.write(name)
        writer.write(summary)
        writer.write(screenWidth)
        writer.write(screenHeight)
        writer.write(scale)
        writer.write(refreshRateHz)
        cpuCores.encode(to: &writer)
        writer.write(backgroundWorkers)
        writer.write(iOS.default)
        writer.write(iOS.minimum)
        writer.write(iOS.maximum)
        writer.write(iOS.source)
        writer.write(optional: selectedIOS)
        memoryLimit.encode(to: &writer)
        memoryWarningFraction.encode(to: &writer)
        for entry in CostTable.constantPaths { costs[keyPath: entry.path].encode(to: &writer) }
    }

    /// Reads back what ``encode(to:)`` wrote.
    ///
    /// - Complexity: O(size of the profile).
    /// - Throws: when the bytes end early or hold something else.
    public init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        let name = try reader.string()
        let summary = try reader.string()
        let screenWidth = try reader.double()
        let screenHeight = try reader.double()
        let scale = try reader.double()
        let refreshRateHz = try reader.double()
        let cpuCores = try reader.cited()
        let backgroundWorkers = try reader.int()
        let iOS = IOSVersions(default: try reader.int(), minimum: try reader.int(), maximum: try reader.int(),
                              source: try reader.string())
        let selectedIOS = try reader.optionalInt()
        let memoryLimit = try reader.cited()
        let memoryWarningFraction = try reader.cited()
        // Arguments are evaluated left to right: the costs in declaration order.
        let costs = CostTable(
            viewCreateMicroseconds: try reader.cited(),
            cellReuseMicroseconds: try reader.cited(),
            configurePerViewMicroseconds: try reader.cited(),
            textMeasurePerLineMicroseconds: try reader.cited(),
            textMeasurePerCharacterMicroseconds: try reader.cited(),
            manualLayoutPerViewMicroseconds: try reader.cited(),
            autoLayoutPerConstraintMicroseconds: try reader.cited(),
            textRenderPerLineMicroseconds: try reader.cited(),
            imageDecodePerMegapixelMilliseconds: try reader.cited(),
            batchUpdateMicroseconds: try reader.cited(),
            batchUpdatePerOperationMicroseconds: try reader.cited(),
            reloadDataMicroseconds: try reader.cited(),
            rowGeometryPerRowMicroseconds: try reader.cited(),
            delegateCallMicroseconds: try reader.cited(),
            diffPerItemMicroseconds: try reader.cited(),
            nibDecodePerViewMicroseconds: try reader.cited(),
            jsonDecodePerKilobyteMicroseconds: try reader.cited(),
            nodeAllocateMicroseconds: try reader.cited(),
            nodeLayoutPerSubnodeMicroseconds: try reader.cited(),
            nodeViewLoadPerSubnodeMicroseconds: try reader.cited(),
            viewBytes: try reader.cited(),
            cellBytes: try reader.cited(),
            nodeBytes: try reader.cited(),
            textAttributedStringBytes: try reader.cited(),
            textRendererBytes: try reader.cited(),
            viewBodyMicroseconds: try reader.cited(),
            viewGraphCreateMicroseconds: try reader.cited(),
            listIdentifierMicroseconds: try reader.cited()
        )
        self.init(name: name, summary: summary, screenWidth: screenWidth, screenHeight: screenHeight, scale: scale,
                  refreshRateHz: refreshRateHz, cpuCores: cpuCores, backgroundWorkers: backgroundWorkers, iOS: iOS,
                  selectedIOS: selectedIOS, memoryLimit: memoryLimit, memoryWarningFraction: memoryWarningFraction, costs: costs)
    }
}

extension Cited {
    /// Its value, source and uncertainty.
    func encode(to writer: inout ByteWriter) {
        writer.write(value)
        writer.write(source)
        writer.write(optional: uncertainty) { writer, uncertainty in
            writer.write(uncertainty.low)
            writer.write(uncertainty.high)
            writer.write(uncertainty.factor)
            writer.write(uncertainty.source)
        }
    }
}

extension ByteReader {
    /// A ``Cited`` as ``Cited/encode(to:)`` wrote it.
    mutating func cited() throws(BinaryDecodingError) -> Cited {
        let value = try double()
        let source = try string()
        let uncertainty = try optional { reader throws(BinaryDecodingError) in
            let low = try reader.optionalDouble(), high = try reader.optionalDouble(), factor = try reader.optionalDouble()
            var uncertainty = Uncertainty(factor: 1, source: try reader.string())
            uncertainty.low = low
            uncertainty.high = high
            uncertainty.factor = factor
            return uncertainty
        }
        return Cited(value, source, uncertainty: uncertainty)
    }
}
