import Foundation
import ListData

extension DeviceProfile {
    /// The device used when none is named.
    public static let defaultName = "iphone-15"

    /// The names of the profiles shipped in the package, sorted.
    public static let shippedNames = ShippedProfiles.byName.keys.sorted()

    /// A shipped profile by name.
    ///
    /// The shipped profiles are compiled in (``ShippedProfiles``), in the
    /// profile-file format, so the simulator reads no file and a binary
    /// moved without its build folder still has them.
    ///
    /// - Throws: ``DeviceProfileError/unknownDevice(_:known:)`` for an unknown name.
    public static func shipped(named name: String) throws(DeviceProfileError) -> DeviceProfile {
        try decode(Data(try shippedJSON(named: name).utf8))
    }

    /// A shipped profile's text, as a profile file holds it (a start for a profile of one's own).
    ///
    /// - Throws: ``DeviceProfileError/unknownDevice(_:known:)`` for an unknown name.
    public static func shippedJSON(named name: String) throws(DeviceProfileError) -> String {
        guard let text = ShippedProfiles.byName[name] else { throw .unknownDevice(name, known: shippedNames) }
        return text
    }

    /// The default device.
    public static func standard() throws(DeviceProfileError) -> DeviceProfile { try shipped(named: defaultName) }

    /// Decodes and validates a profile from JSON, as strictly as a scenario:
    /// a key the profile does not have is refused (with the nearest known key
    /// suggested), a value of the wrong kind is named with its JSON path
    /// (`backgroundWorkers`: a whole number, not `2.5`), and `selectedIOS`,
    /// which a run sets from `--ios`, is not a key of a profile file.
    ///
    /// - Complexity: O(n) in the size of the JSON.
    /// - Throws: ``DeviceProfileError/malformed(_:)`` naming the JSON path, or a validation error.
    public static func decode(_ data: Data) throws(DeviceProfileError) -> DeviceProfile {
        let profile: DeviceProfile
        do {
            let tree = try StrictJSON.parse(data)
            if case .object(let members) = tree, members[runOnlyKey] != nil {
                throw DeviceProfileError.malformed("unknown key '\(runOnlyKey)' (a profile gives its iOS range in 'iOS'; a run's version is chosen with --ios)")
            }
            profile = try StrictJSON.decode(DeviceProfile.self, from: tree, unknownKeys: .refused)
        } catch let error as DeviceProfileError {
            throw error
        } catch let StrictJSONError.unknownKey(path, _, allowed?) {
            // `selectedIOS` is read (a run plan carries it) but is no key of a file.
            let keys = allowed.filter { $0 != runOnlyKey }
            let key = String(path.split(separator: ".").last ?? Substring(path))
            throw .malformed(StrictJSONError.unknownKey(path: path, suggestion: Suggestion.didYouMean(key, in: keys), allowed: keys).description)
        } catch {
            throw .malformed(String(describing: error))
        }
        try profile.validate()
        return profile
    }
}

extension DeviceProfile {
    /// The key a run plan's profile has and a profile file must not: the iOS version `--ios` chose.
    static let runOnlyKey = "selectedIOS"

    /// Every value that shapes a run, as canonical text: one `key=value` line
    /// per value, in declaration order, numbers as Swift prints them
    /// (shortest round-trip form). The name, summary and sources are left
    /// out: a copy of a shipped profile under its own name and citations has
    /// the same text, and any changed value changes it. The iOS version a run
    /// uses (`--ios`) is a value.
    ///
    /// - Complexity: O(1) (a fixed number of values).
    public var canonicalValues: String {
        var lines = [
            "screenWidth=\(screenWidth)", "screenHeight=\(screenHeight)", "scale=\(scale)", "refreshRateHz=\(refreshRateHz)",
            "cpuCores=\(cpuCores.value)", "backgroundWorkers=\(backgroundWorkers)",
            "iOS.default=\(iOS.default)", "iOS.minimum=\(iOS.minimum)", "iOS.maximum=\(iOS.maximum)", "iOS.running=\(iOSVersion)",
            "memoryLimit=\(memoryLimit.value)", "memoryWarningFraction=\(memoryWarningFraction.value)",
        ]
        lines += costs.allConstants.map { "\($0.0)=\($0.1.value)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The FNV-1a digest of ``canonicalValues`` (16 hexadecimal digits):
    /// what a report records of the device a run used, so that a baseline
    /// from a profile with other values (a custom `iphone-15`) is not
    /// compared as if it were the same device.
    public var valuesDigest: String { FNV1a.digest(canonicalValues) }
}
