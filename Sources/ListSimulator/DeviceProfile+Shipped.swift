import Foundation

extension DeviceProfile {
    /// The device used when none is named.
    public static let defaultName = "iphone-15"

    /// The names of the profiles shipped in the package, sorted.
    public static let shippedNames = ["iphone-15", "iphone-15-pro", "iphone-6", "iphone-7", "iphone-x"]

    /// A shipped profile by name.
    ///
    /// Reads the package's own resource bundle (the only file the simulator reads).
    ///
    /// - Throws: ``DeviceProfileError/unknownDevice(_:known:)`` for an unknown name.
    public static func shipped(named name: String) throws(DeviceProfileError) -> DeviceProfile {
        guard shippedNames.contains(name) else { throw .unknownDevice(name, known: shippedNames) }
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Devices") else {
            throw .unreadable("the shipped profile '\(name)' is missing from the package's resources")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable("\(url.path): \(error.localizedDescription)")
        }
        return try decode(data)
    }

    /// The default device.
    public static func standard() throws(DeviceProfileError) -> DeviceProfile { try shipped(named: defaultName) }

    /// Decodes and validates a profile from JSON.
    ///
    /// - Throws: ``DeviceProfileError/malformed(_:)`` naming the JSON path, or a validation error.
    public static func decode(_ data: Data) throws(DeviceProfileError) -> DeviceProfile {
        let profile: DeviceProfile
        do {
            profile = try JSONDecoder().decode(DeviceProfile.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw .malformed("missing key '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .malformed("wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'")
        } catch let DecodingError.valueNotFound(_, context) {
            throw .malformed("missing value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'")
        } catch {
            throw .malformed("not valid JSON")
        }
        try profile.validate()
        return profile
    }
}
