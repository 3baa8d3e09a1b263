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
    ///
    /// The size is checked before reading, so an oversized file is not read;
    /// a size that cannot be read is ``ScenarioError/unreadable(_:)`` with
    /// the system's reason, never taken as 0.
    ///
    /// - Complexity: O(n) in the file's size (at most ``ScenarioLimits/fileBytes``).
    public static func read(path: String) throws(ScenarioError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missingFile }
        guard !isDirectory.boolValue else { throw .isDirectory }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .unreadable("cannot read its size: \(error.localizedDescription)")
        }
        let size = try self.size(attributes)
        guard size <= ScenarioLimits.fileBytes else { throw .tooLarge(bytes: size, limit: ScenarioLimits.fileBytes) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable("permission denied or not a regular file")
        }
        // The file may have grown since its size was read.
        guard data.count <= ScenarioLimits.fileBytes else { throw .tooLarge(bytes: data.count, limit: ScenarioLimits.fileBytes) }
        return [UInt8](data)
    }

    /// The size in a file's attributes; attributes without one are ``ScenarioError/unreadable(_:)``.
    static func size(_ attributes: [FileAttributeKey: Any]) throws(ScenarioError) -> Int {
        guard let size = (attributes[.size] as? NSNumber)?.intValue else {
            throw .unreadable("the file system reports no size for it")
        }
        return size
    }
}
