import Foundation
import ListData
import Randomness

/// How far a modeled constant's true figure may lie from its value: a range
/// from its source (`low`…`high`), or, for an estimate, a factor (the
/// figure lies within `value / factor`…`value × factor`), each with its
/// reason in `source`.
///
/// In a profile file it is the optional `uncertainty` key of a constant:
///
///     "uncertainty": { "low": 30, "high": 57, "source": "cost-figures.md: 30-57 us per string" }
///     "uncertainty": { "factor": 3, "source": "estimate: no public figure; …" }
///
/// `--uncertainty` draws plausible devices from these ranges
/// (``DeviceProfile/plausible(draw:seed:)``); a normal run never reads them.
public struct Uncertainty: Codable, Equatable, Sendable {
    /// The range's bounds (both or neither).
    public var low: Double?
    public var high: Double?
    /// The factor either way (≥ 1), when no range is given.
    public var factor: Double?
    /// Where the range comes from, or `estimate: <reasoning>`.
    public var source: String

    /// A range from a source.
    public init(low: Double, high: Double, source: String) {
        self.low = low
        self.high = high
        self.source = source
    }

    /// A factor either way, for an estimate.
    public init(factor: Double, source: String) {
        self.factor = factor
        self.source = source
    }

    /// The bounds around `value`: the range, or `value / factor`…`value × factor`.
    /// Nil when the uncertainty gives neither a range nor a factor (refused by validation).
    ///
    /// - Complexity: O(1).
    public func bounds(around value: Double) -> ClosedRange<Double>? {
        if let low, let high, factor == nil, low <= high { return low...high }
        if let factor, low == nil, high == nil, factor >= 1 { return (value / factor)...(value * factor) }
        return nil
    }
}

extension DeviceProfile {
    /// Every constant that carries an uncertainty, with its JSON path, in a
    /// fixed order (the draw order): the memory limit, the warning fraction,
    /// then the costs in ``CostTable/allConstants``' order. `cpuCores` is not
    /// among them: it is a count of cores from the chip's specification, not
    /// a measured figure, and the clock needs a whole number.
    ///
    /// - Complexity: O(1) (a fixed list).
    public static var uncertainFields: [(field: String, path: WritableKeyPath<DeviceProfile, Cited>, allowed: ClosedRange<Double>)] {
        let memory: [(field: String, path: WritableKeyPath<DeviceProfile, Cited>, allowed: ClosedRange<Double>)] = [
            ("memoryLimit", \.memoryLimit, 16_000_000...64_000_000_000),
            ("memoryWarningFraction", \.memoryWarningFraction, 0.1...1),
        ]
        let costs: [(field: String, path: WritableKeyPath<DeviceProfile, Cited>, allowed: ClosedRange<Double>)] =
            CostTable.constantPaths.map { entry in
                let path: WritableKeyPath<DeviceProfile, Cited> = (\DeviceProfile.costs as WritableKeyPath<DeviceProfile, CostTable>).appending(path: entry.path)
                return (entry.key, path, 0...1_000_000_000)
            }
        return memory + costs
    }

    /// Checks every uncertainty the profile gives (each is optional): a
    /// range or a factor, not both; `low ≤ value ≤ high` within the
    /// constant's own allowed range; `low` above 0 unless the range is one
    /// point (draws are log-uniform); a factor in 1...1000; a non-empty
    /// source. `cpuCores` takes none.
    ///
    /// - Complexity: O(1) (a fixed number of constants).
    /// - Throws: ``DeviceProfileError`` naming the field (`costs.viewBytes.uncertainty.low`).
    public func validateUncertainties() throws(DeviceProfileError) {
        if cpuCores.uncertainty != nil {
            throw .malformed("'cpuCores.uncertainty': a count of cores from the chip's specification takes no uncertainty")
        }
        for (field, path, allowed) in Self.uncertainFields {
            let cited = self[keyPath: path]
            guard let uncertainty = cited.uncertainty else { continue }
            let key = "\(field).uncertainty"
            guard !uncertainty.source.trimmingCharacters(in: .whitespaces).isEmpty else { throw .missingSource(field: key) }
            switch (uncertainty.low, uncertainty.high, uncertainty.factor) {
            case let (low?, high?, nil):
                let shown = "\(allowed.lowerBound)...\(allowed.upperBound)"
                guard low.isFinite, allowed.contains(low) else { throw .outOfRange(field: "\(key).low", value: low, allowed: shown) }
                guard high.isFinite, allowed.contains(high) else { throw .outOfRange(field: "\(key).high", value: high, allowed: shown) }
                guard low <= cited.value else {
                    throw .outOfRange(field: "\(key).low", value: low, allowed: "at most the value, \(cited.value)")
                }
                guard high >= cited.value else {
                    throw .outOfRange(field: "\(key).high", value: high, allowed: "at least the value, \(cited.value)")
                }
                guard low > 0 || high == 0 else {
                    throw .outOfRange(field: "\(key).low", value: low, allowed: "above 0 (draws are log-uniform), or a range of 0...0")
                }
            case let (nil, nil, factor?):
                guard factor.isFinite, (1...1_000).contains(factor) else {
                    throw .outOfRange(field: "\(key).factor", value: factor, allowed: "1...1000")
                }
                guard allowed.contains(cited.value / factor), allowed.contains(cited.value * factor) else {
                    throw .outOfRange(field: "\(key).factor", value: factor,
                                      allowed: "a factor keeping \(field) within \(allowed.lowerBound)...\(allowed.upperBound)")
                }
            default:
                throw .malformed("'\(key)' gives either 'low' and 'high', or 'factor', with a 'source'")
            }
        }
    }

    /// Checks that every uncertain constant (``uncertainFields``) has an
    /// uncertainty, as `--uncertainty` needs: a profile without them still
    /// runs normally.
    ///
    /// - Throws: ``DeviceProfileError/noUncertainty(device:field:)`` naming the first field without one.
    public func requireUncertainties() throws(DeviceProfileError) {
        for (field, path, _) in Self.uncertainFields where self[keyPath: path].uncertainty == nil {
            throw .noUncertainty(device: name, field: field)
        }
    }

    /// Plausible device number `draw` (0-based) for `seed`: this profile with
    /// every uncertain constant (``uncertainFields``) drawn log-uniformly
    /// within its bounds, each on its own. The name, sources, screen,
    /// cores, workers and iOS stay as they are.
    ///
    /// Log-uniform because the ranges are ratios ("within a factor of 3",
    /// "1.2-3x slower"): a figure is as likely to be half the value as
    /// twice it. Each constant is drawn independently: an error shared by
    /// every time cost (the device's speed factor) is not drawn as one,
    /// which understates how much all costs move together (docs/uncertainty.md).
    ///
    /// Deterministic: draw `i` depends only on `seed` and `i` (a SplitMix64
    /// seeded from both), not on how many draws are made or in what order.
    /// A constant without an uncertainty keeps its value.
    ///
    /// - Complexity: O(1) (a fixed number of constants).
    public func plausible(draw: Int, seed: UInt64) -> DeviceProfile {
        var mixer = SplitMix64(seed: seed)
        var start = SplitMix64(seed: mixer.next() ^ UInt64(truncatingIfNeeded: draw))
        var random = SplitMix64(seed: start.next())
        var profile = self
        for (_, path, _) in Self.uncertainFields {
            // One number per constant whether or not it is uncertain, so that draws stay aligned.
            let unit = Double(random.next() >> 11) * 0x1p-53
            let cited = self[keyPath: path]
            guard let bounds = cited.uncertainty?.bounds(around: cited.value) else { continue }
            profile[keyPath: path].value = Self.logUniform(unit, in: bounds)
        }
        return profile
    }

    /// The point `unit` (0..<1) of the way through `bounds` on a log scale,
    /// clamped into them; the low bound for a one-point (or zero-based) range.
    static func logUniform(_ unit: Double, in bounds: ClosedRange<Double>) -> Double {
        guard bounds.lowerBound > 0, bounds.upperBound > bounds.lowerBound else { return bounds.lowerBound }
        let drawn = bounds.lowerBound * exp(unit * log(bounds.upperBound / bounds.lowerBound))
        return min(max(drawn, bounds.lowerBound), bounds.upperBound)
    }

    /// Every uncertain constant's bounds, as canonical text (`field=low...high`
    /// per line, `field=none` without one): what a report of `--uncertainty`
    /// records of the ranges it drew from.
    ///
    /// - Complexity: O(1) (a fixed number of constants).
    public var canonicalRanges: String {
        Self.uncertainFields.map { field, path, _ in
            let cited = self[keyPath: path]
            guard let bounds = cited.uncertainty?.bounds(around: cited.value) else { return "\(field)=none\n" }
            return "\(field)=\(bounds.lowerBound)...\(bounds.upperBound)\n"
        }.joined()
    }

    /// The FNV-1a digest of ``canonicalValues`` and ``canonicalRanges``
    /// (16 hexadecimal digits): the same digest, the same plausible devices for a seed.
    public var rangesDigest: String { FNV1a.digest(canonicalValues + canonicalRanges) }
}
