import ListData
import Foundation

/// A modeled constant and where it comes from: a citation of
/// `shared/reference/cost-figures.md`, or `estimate: …` with the reasoning.
public struct Cited: Codable, Equatable, Sendable {
    public var value: Double
    public var source: String
    /// How far the true figure may lie from `value` (``Uncertainty``): what
    /// `--uncertainty` draws plausible devices from. Optional in a file;
    /// only `--uncertainty` needs it.
    public var uncertainty: Uncertainty?

    public init(_ value: Double, _ source: String, uncertainty: Uncertainty? = nil) {
        self.value = value
        self.source = source
        self.uncertainty = uncertainty
    }
}

/// What one UI operation costs on a device, in modeled time or memory.
///
/// Every constant carries its source. Times are microseconds unless the name
/// says otherwise; memory is bytes.
public struct CostTable: Codable, Equatable, Sendable {
    /// Instantiating one view of a cell's hierarchy (the cell's own view counts as one).
    public var viewCreateMicroseconds: Cited
    /// Dequeuing a cell from a reuse pool, `prepareForReuse` included.
    public var cellReuseMicroseconds: Cited
    /// Pushing data into one view while configuring a cell.
    public var configurePerViewMicroseconds: Cited
    /// Measuring text: per line and per character.
    public var textMeasurePerLineMicroseconds: Cited
    public var textMeasurePerCharacterMicroseconds: Cited
    /// Layout: per view with manual frames, per constraint with Auto Layout.
    public var manualLayoutPerViewMicroseconds: Cited
    public var autoLayoutPerConstraintMicroseconds: Cited
    /// Rasterising text into a backing store, per line.
    public var textRenderPerLineMicroseconds: Cited
    /// Decoding an image, per megapixel (milliseconds).
    public var imageDecodePerMegapixelMilliseconds: Cited
    /// `performBatchUpdates`: a fixed part and a part per operation.
    public var batchUpdateMicroseconds: Cited
    public var batchUpdatePerOperationMicroseconds: Cited
    /// `reloadData`'s fixed part (the visible cells' cost comes on top).
    public var reloadDataMicroseconds: Cited
    /// Rebuilding the row geometry (each row's height and offset), per row,
    /// whenever the table reloads its data.
    public var rowGeometryPerRowMicroseconds: Cited
    /// UIKit calling one delegate method for a row (`heightForRowAt`,
    /// `estimatedHeightForRowAt`), before the method's own work.
    public var delegateCallMicroseconds: Cited
    /// Diffing or hashing one item identifier (diffable data source, identifier diff).
    public var diffPerItemMicroseconds: Cited
    /// Loading a cell from a nib: decoding one view from the archive, on top
    /// of creating it (`viewCreateMicroseconds`).
    public var nibDecodePerViewMicroseconds: Cited
    /// Decoding a server response into model objects (`JSONDecoder`), per kilobyte of JSON.
    public var jsonDecodePerKilobyteMicroseconds: Cited
    /// Texture: allocating one cell node, and laying out one node per subnode.
    public var nodeAllocateMicroseconds: Cited
    public var nodeLayoutPerSubnodeMicroseconds: Cited
    /// Texture: loading a node's view on main (`didLoad`), per subnode.
    public var nodeViewLoadPerSubnodeMicroseconds: Cited
    /// Memory: a view or layer object, a cell object, a Texture node object.
    public var viewBytes: Cited
    public var cellBytes: Cited
    public var nodeBytes: Cited
    /// Texture: the attributed string an `ASTextNode` keeps, per text node.
    public var textAttributedStringBytes: Cited
    /// Texture: one text-kit renderer (`ASTextKitRenderer` and its TextKit
    /// stack), held in Texture's shared renderer cache, not by the node.
    public var textRendererBytes: Cited
    /// SwiftUI: evaluating one view's body and updating its attributes, per
    /// view of a row (every evaluation after the first).
    public var viewBodyMicroseconds: Cited
    /// SwiftUI: a view's first appearance, per view: its attributes and
    /// render node created (on top of its first body evaluation).
    public var viewGraphCreateMicroseconds: Cited
    /// SwiftUI's `List`: gathering one row's identifier through its
    /// `ForEach`, which it does for every row on each load and update.
    public var listIdentifierMicroseconds: Cited
}

/// The iOS versions a device runs: the one the simulator uses unless told
/// otherwise, and the range it can run. The simulator models iOS 12 and
/// later (UIKit's texts and behaviours from there on), so no range starts
/// earlier.
public struct IOSVersions: Codable, Equatable, Sendable {
    /// The version a run uses when `--ios` is not given.
    public var `default`: Int
    /// The oldest version listbench runs it on (12 at the earliest: ``oldestModeled``).
    public var minimum: Int
    /// The newest version it runs.
    public var maximum: Int
    /// Where the range comes from.
    public var source: String

    public init(default version: Int, minimum: Int, maximum: Int, source: String) {
        self.default = version
        self.minimum = minimum
        self.maximum = maximum
        self.source = source
    }

    /// The oldest iOS the simulator models.
    public static let oldestModeled = 12
    /// The newest iOS a profile may name.
    public static let newestAllowed = 99

    public var range: ClosedRange<Int> { minimum...maximum }
}

/// A phone as the simulator sees it: screen, refresh rate, CPU cores and
/// workers, the iOS it runs, memory limit and the cost of each operation.
///
/// Profiles are JSON files. Shipped ones live in the package (see
/// ``DeviceProfile/shipped``); a user may pass their own, validated with
/// ``validate()``.
public struct DeviceProfile: Codable, Equatable, Sendable {
    public var name: String
    public var summary: String
    /// Screen size in points.
    public var screenWidth: Double
    public var screenHeight: Double
    /// Points to pixels (2 or 3).
    public var scale: Double
    public var refreshRateHz: Double
    /// CPU cores the app's threads share: the main thread and the workers
    /// run on them together (see ``SimClock``).
    public var cpuCores: Cited
    /// Background worker threads available to the app.
    public var backgroundWorkers: Int
    /// The iOS versions it runs.
    public var iOS: IOSVersions
    /// The version chosen with `--ios` (``running(iOS:)``); nil: ``IOSVersions/default``.
    public var selectedIOS: Int?
    /// The footprint at which the app is killed (jetsam), in bytes.
    public var memoryLimit: Cited
    /// The fraction of the limit at which a memory warning is sent.
    public var memoryWarningFraction: Cited
    public var costs: CostTable

    /// The iOS version a run simulates.
    public var iOSVersion: Int { selectedIOS ?? iOS.default }

    /// Whether the running iOS has an API introduced in `version` (an app's `#available(iOS version, *)`).
    public func isAvailable(iOS version: Int) -> Bool { iOSVersion >= version }

    /// The profile running another iOS version in its range.
    ///
    /// - Throws: ``DeviceProfileError/iOSOutOfRange(device:requested:range:)``.
    public func running(iOS version: Int) throws(DeviceProfileError) -> DeviceProfile {
        guard iOS.range.contains(version) else { throw .iOSOutOfRange(device: name, requested: version, range: iOS.range) }
        var profile = self
        profile.selectedIOS = version == iOS.default ? nil : version
        return profile
    }

    /// The name and, when it is not the device's default, the iOS version: `iphone-7 (iOS 14)`.
    public var label: String { selectedIOS.map { "\(name) (iOS \($0))" } ?? name }

    /// One frame's budget in virtual time.
    public var frameInterval: SimTime { SimTime((1_000_000_000 / refreshRateHz).rounded()) }

    /// Checks that the profile describes a possible device.
    ///
    /// - Throws: ``DeviceProfileError`` naming the field and the allowed range.
    public func validate() throws(DeviceProfileError) {
        func check(_ field: String, _ value: Double, _ range: ClosedRange<Double>) throws(DeviceProfileError) {
            guard value.isFinite, range.contains(value) else {
                throw .outOfRange(field: field, value: value, allowed: "\(range.lowerBound)...\(range.upperBound)")
            }
        }
        guard !name.isEmpty else { throw .missingSource(field: "name") }
        // The name reaches tables and terminals: printable text only.
        if let control = PrintableText.firstControl(in: name) {
            throw .malformed("'name' has a control character (\(PrintableText.name(control.scalar))) at character \(control.offset + 1); a profile's name must be printable")
        }
        try check("screenWidth", screenWidth, 100...4_000)
        try check("screenHeight", screenHeight, 100...4_000)
        try check("scale", scale, 1...4)
        try check("refreshRateHz", refreshRateHz, 24...240)
        try check("cpuCores.value", cpuCores.value, 1...64)
        guard cpuCores.value == cpuCores.value.rounded() else {
            throw .outOfRange(field: "cpuCores.value", value: cpuCores.value, allowed: "a whole number in 1...64")
        }
        try check("backgroundWorkers", Double(backgroundWorkers), 1...64)
        let versions = Double(IOSVersions.oldestModeled)...Double(IOSVersions.newestAllowed)
        try check("iOS.minimum", Double(iOS.minimum), versions)
        try check("iOS.maximum", Double(iOS.maximum), Double(iOS.minimum)...Double(IOSVersions.newestAllowed))
        try check("iOS.default", Double(iOS.default), Double(iOS.minimum)...Double(iOS.maximum))
        if let selectedIOS, !iOS.range.contains(selectedIOS) {
            throw .iOSOutOfRange(device: name, requested: selectedIOS, range: iOS.range)
        }
        guard !iOS.source.trimmingCharacters(in: .whitespaces).isEmpty else { throw .missingSource(field: "iOS") }
        try check("memoryLimit.value", memoryLimit.value, 16_000_000...64_000_000_000)
        try check("memoryWarningFraction.value", memoryWarningFraction.value, 0.1...1)
        for (field, cited) in [("memoryLimit", memoryLimit), ("memoryWarningFraction", memoryWarningFraction), ("cpuCores", cpuCores)]
            + costs.allConstants {
            guard !cited.source.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw .missingSource(field: field)
            }
        }
        for (field, cited) in costs.allConstants { try check("\(field).value", cited.value, 0...1_000_000_000) }
        try validateUncertainties()
    }
}

extension CostTable {
    /// Every constant's JSON key and key path, in declaration order: the one
    /// list that ``allConstants``, validation, the canonical values and the
    /// plausible devices' draws (``DeviceProfile/uncertainFields``) read.
    ///
    /// - Complexity: O(1) (a fixed list; computed, since key paths are not `Sendable`).
    public static var constantPaths: [(key: String, path: WritableKeyPath<CostTable, Cited>)] {
        [
            ("costs.viewCreateMicroseconds", \.viewCreateMicroseconds),
            ("costs.cellReuseMicroseconds", \.cellReuseMicroseconds),
            ("costs.configurePerViewMicroseconds", \.configurePerViewMicroseconds),
            ("costs.textMeasurePerLineMicroseconds", \.textMeasurePerLineMicroseconds),
            ("costs.textMeasurePerCharacterMicroseconds", \.textMeasurePerCharacterMicroseconds),
            ("costs.manualLayoutPerViewMicroseconds", \.manualLayoutPerViewMicroseconds),
            ("costs.autoLayoutPerConstraintMicroseconds", \.autoLayoutPerConstraintMicroseconds),
            ("costs.textRenderPerLineMicroseconds", \.textRenderPerLineMicroseconds),
            ("costs.imageDecodePerMegapixelMilliseconds", \.imageDecodePerMegapixelMilliseconds),
            ("costs.batchUpdateMicroseconds", \.batchUpdateMicroseconds),
            ("costs.batchUpdatePerOperationMicroseconds", \.batchUpdatePerOperationMicroseconds),
            ("costs.reloadDataMicroseconds", \.reloadDataMicroseconds),
            ("costs.rowGeometryPerRowMicroseconds", \.rowGeometryPerRowMicroseconds),
            ("costs.delegateCallMicroseconds", \.delegateCallMicroseconds),
            ("costs.diffPerItemMicroseconds", \.diffPerItemMicroseconds),
            ("costs.nibDecodePerViewMicroseconds", \.nibDecodePerViewMicroseconds),
            ("costs.jsonDecodePerKilobyteMicroseconds", \.jsonDecodePerKilobyteMicroseconds),
            ("costs.nodeAllocateMicroseconds", \.nodeAllocateMicroseconds),
            ("costs.nodeLayoutPerSubnodeMicroseconds", \.nodeLayoutPerSubnodeMicroseconds),
            ("costs.nodeViewLoadPerSubnodeMicroseconds", \.nodeViewLoadPerSubnodeMicroseconds),
            ("costs.viewBytes", \.viewBytes),
            ("costs.cellBytes", \.cellBytes),
            ("costs.nodeBytes", \.nodeBytes),
            ("costs.textAttributedStringBytes", \.textAttributedStringBytes),
            ("costs.textRendererBytes", \.textRendererBytes),
            ("costs.viewBodyMicroseconds", \.viewBodyMicroseconds),
            ("costs.viewGraphCreateMicroseconds", \.viewGraphCreateMicroseconds),
            ("costs.listIdentifierMicroseconds", \.listIdentifierMicroseconds),
        ]
    }

    /// Every constant with its JSON key, in declaration order.
    public var allConstants: [(String, Cited)] { Self.constantPaths.map { ($0.key, self[keyPath: $0.path]) } }
}

/// Why a device profile was rejected.
public enum DeviceProfileError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownDevice(String, known: [String])
    case unreadable(String)
    case malformed(String)
    case outOfRange(field: String, value: Double, allowed: String)
    case missingSource(field: String)
    case iOSOutOfRange(device: String, requested: Int, range: ClosedRange<Int>)
    /// `--uncertainty` needs every uncertain constant's ``Uncertainty``; this one has none.
    case noUncertainty(device: String, field: String)

    public var description: String {
        switch self {
        case let .unknownDevice(name, known):
            return "unknown device '\(PrintableText.truncated(name))'; shipped devices: \(known.joined(separator: ", ")), or give a profile file"
        case .unreadable(let detail): return "cannot read the device profile: \(detail)"
        case .malformed(let detail): return "malformed device profile: \(detail)"
        case let .outOfRange(field, value, allowed):
            return "device profile: \(field) is \(value), allowed \(allowed)"
        case .missingSource(let field):
            return "device profile: \(field) has no source; cite a figure or write 'estimate: <reasoning>'"
        case let .iOSOutOfRange(device, requested, range):
            let runs = range.lowerBound == range.upperBound ? "only iOS \(range.lowerBound)" : "iOS \(range.lowerBound) to \(range.upperBound)"
            return "iOS \(requested) is out of range for \(device): it runs \(runs) in listbench"
        case let .noUncertainty(device, field):
            return "device profile \(device): \(field) has no uncertainty, which --uncertainty needs; give it "
                + "\"uncertainty\": {\"low\": …, \"high\": …, \"source\": \"…\"} or {\"factor\": …, \"source\": \"estimate: …\"} "
                + "(docs/uncertainty.md)"
        }
    }
}
