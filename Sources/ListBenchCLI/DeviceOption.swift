import ArgumentParser
import Foundation
import ListSimulator

/// Resolves `--device`: a shipped profile's name, or the path of a profile file.
enum DeviceOption {
    /// The profile, or a usage error naming the problem.
    static func resolve(_ value: String) throws -> DeviceProfile {
        if DeviceProfile.shippedNames.contains(value) { return try DeviceProfile.shipped(named: value) }
        let looksLikeFile = value.hasSuffix(".json") || value.contains("/")
        guard looksLikeFile else {
            throw ValidationError(DeviceProfileError.unknownDevice(value, known: DeviceProfile.shippedNames).description)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: value, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: value) else {
            throw ValidationError("--device \(value): no such profile file")
        }
        do {
            return try DeviceProfile.decode(data)
        } catch {
            throw ValidationError("--device \(value): \(error)")
        }
    }
}
