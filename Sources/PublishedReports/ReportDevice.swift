import ListSimulator

/// A device the reports run on: a shipped profile by name, on its default
/// iOS version or on another one.
///
/// A value, never parsed back from text: the label the reports print
/// (``label``: `iphone-7`, or `iphone-7 (iOS 14)`) is made from it. A string
/// literal is a shipped profile's name on its default version (`"iphone-15"`).
public struct ReportDevice: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The shipped profile's name.
    public var name: String
    /// The iOS version it runs; nil for the profile's default.
    public var iOS: Int?

    public init(_ name: String, iOS: Int? = nil) {
        self.name = name
        self.iOS = iOS
    }

    /// A shipped profile on its default iOS version.
    public init(stringLiteral name: String) { self.init(name) }

    /// How the reports name it: `iphone-7`, or `iphone-7 (iOS 14)` for a version other than the default.
    public var label: String { iOS.map { "\(name) (iOS \($0))" } ?? name }

    public var description: String { label }

    /// Its profile: the shipped one, running ``iOS`` when set.
    ///
    /// - Throws: ``DeviceProfileError/unknownDevice(_:known:)`` for a name
    ///   not shipped, ``DeviceProfileError/iOSOutOfRange(device:requested:range:)``.
    func profile() throws(DeviceProfileError) -> DeviceProfile {
        let profile = try DeviceProfile.shipped(named: name)
        guard let iOS else { return profile }
        return try profile.running(iOS: iOS)
    }
}
