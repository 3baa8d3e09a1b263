import Foundation

/// A folder named on the command line (`list scenarios --folder`, `report --scenarios`).
enum Folder {
    /// The names in `path`; a folder that cannot be read is one message
    /// saying why (missing, not a folder, unreadable) and ``ListBenchExit/cannotOpen``.
    /// `hint` ends the message (what to do instead), empty when none.
    static func contents(of path: String, flag: String, hint: String = "") throws(ListBenchExit) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            Terminal.note("\(flag) \(path): \(problem(path, error))\(hint)")
            throw .cannotOpen
        }
    }

    /// Why `path` could not be listed: what is there decides the words.
    static func problem(_ path: String, _ error: any Error) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such folder" }
        guard isDirectory.boolValue else { return "not a folder (a file)" }
        return "cannot read the folder (\(error.localizedDescription))"
    }
}
