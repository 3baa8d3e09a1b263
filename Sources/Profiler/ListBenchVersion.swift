import ListData
import ListSimulator

/// What a report records of the listbench that made it, so that a baseline
/// from another listbench or another model is not compared as if it were
/// the same run (``BaselineCheck``).
public enum ListBenchVersion {
    /// listbench's version (the published reports' index prints it).
    public static let tool = "0.3.0"

    /// The revision of the cost rules: the simulator's and runner's code that
    /// turns a scenario, a profile and a strategy into modeled figures.
    /// Bump it with every change that moves modeled figures: the test
    /// `Model version` ties each revision to the digest of the committed
    /// golden snapshots (`Tests/ProfilerTests/Golden/`), so rewriting those
    /// without bumping this fails. Bumping it changes the model's version:
    /// update ``model`` too (the same test says its new value).
    public static let costRules = 11

    /// The model's version: the FNV-1a digest (16 hexadecimal digits) of a
    /// canonical text of the cost rules' revision and every shipped device
    /// profile's values (``DeviceProfile/canonicalValues``), in name order,
    /// as ``computeModel()`` works it out. Deterministic: the same in every
    /// process and on every machine.
    ///
    /// Recorded here rather than worked out by every command, which took
    /// about 30 ms (decoding every shipped profile). Update it with every
    /// change of a shipped profile's values or of ``costRules``: the test
    /// `Model version` works it out and fails, saying the new value, while
    /// the two differ.
    public static let model = "c41106b64250b611"

    /// The model's version worked out from the shipped profiles and ``costRules``.
    ///
    /// - Complexity: decodes the shipped profiles (compiled in, 14-22 KB each; about 30 ms).
    /// - Throws: when a shipped profile does not decode (a broken build).
    public static func computeModel() throws(DeviceProfileError) -> String {
        var text = "listbench model\ncost rules \(costRules)\n"
        for name in DeviceProfile.shippedNames {
            text += "device \(name)\n" + (try DeviceProfile.shipped(named: name)).canonicalValues
        }
        return FNV1a.digest(text)
    }
}
