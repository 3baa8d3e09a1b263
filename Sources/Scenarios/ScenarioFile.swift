import Foundation

/// Reading a scenario file from disk: the one place the scenario module touches files.
public enum ScenarioFile {
    /// Reads, decodes and validates a scenario file.
    ///
    /// - Throws: ``ScenarioError``: a missing file, a directory, an unreadable,
    ///   empty, binary or oversized file, or an invalid scenario.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        try Scenario.decode(try read(path: path))
    }

    /// The file's bytes, after checking it is a readable regular file within the size limit.
    public static func read(path: String) throws(ScenarioError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missingFile }
        guard !isDirectory.boolValue else { throw .isDirectory }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
        guard size <= ScenarioLimits.fileBytes else { throw .tooLarge(bytes: size, limit: ScenarioLimits.fileBytes) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable("permission denied or not a regular file")
        }
        return [UInt8](data)
    }
}
