import ArgumentParser
import Foundation
import ListData
import ListSimulator

/// Resolves `--device`: a shipped profile's name, or the path of a profile file.
enum DeviceOption {
    /// The profile, or a usage error naming the problem: an unknown name
    /// gets the nearest shipped one suggested ("did you mean 'iphone-7'?").
    static func resolve(_ value: String) throws -> DeviceProfile {
        if DeviceProfile.shippedNames.contains(value) { return try DeviceProfile.shipped(named: value) }
        let looksLikeFile = value.hasSuffix(".json") || value.contains("/")
        guard looksLikeFile else {
            let known = DeviceProfile.shippedNames
            throw ValidationError(DeviceProfileError.unknownDevice(value, known: known).description
                + Suggestion.didYouMean(value, in: known))
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
