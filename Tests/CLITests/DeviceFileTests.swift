import Foundation
import ListSimulator
import Testing
#if canImport(Glibc)
import Glibc
#endif

private let detail = root.appendingPathComponent("Scenarios/restaurant-detail-load.json").path

/// A profile file in `folder`: the shipped iPhone 15's with `edit` applied.
private func profile(in folder: URL, named name: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
    let shipped = Data(try DeviceProfile.shippedJSON(named: "iphone-15").utf8)
    var object = try #require(try JSONSerialization.jsonObject(with: shipped) as? [String: Any])
    edit(&object)
    let url = folder.appendingPathComponent(name)
    try JSONSerialization.data(withJSONObject: object).write(to: url)
    return url.path
}

/// What is at a `--device` path decides its message and exit code: one line,
/// no usage block, nothing on standard output; 66 for a file that cannot be
/// opened, 65 for one that is not a valid profile (as for scenario files).
@Suite("Device profile files on the command line")
struct DeviceFileTests {
    /// Runs `listbench run` on the detail page with `--device value` (or other arguments), modeled only.
    private func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try listbench(["run", detail, "--strategy", "reload", "--repetitions", "0", "--quiet"] + arguments)
    }

    private func expectOneMessage(_ result: (status: Int32, out: String, err: String), status: Int32, _ message: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "\(result.err)", sourceLocation: sourceLocation)
        #expect(result.err == message + "\n", sourceLocation: sourceLocation)
        #expect(!result.err.contains("Usage:"), sourceLocation: sourceLocation)
        #expect(result.out.isEmpty, sourceLocation: sourceLocation)
    }

    /// `list devices --profile NAME` prints a shipped profile as a file holds
    /// it: written to a file and passed back, it is the same device.
    @Test func aShippedProfileIsPrintedAsAFileOfItsOwn() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = try listbench(["list", "devices", "--profile", "iphone-7"])
        #expect(printed.status == 0)
        #expect(try DeviceProfile.decode(Data(printed.out.utf8)) == DeviceProfile.shipped(named: "iphone-7"))
        let file = folder.appendingPathComponent("my-phone.json")
        try Data(printed.out.utf8).write(to: file)
        let fromFile = try run(["--device", file.path, "--format", "csv"])
        let shipped = try run(["--device", "iphone-7", "--format", "csv"])
        #expect(fromFile.status == 0)
        #expect(fromFile.out == shipped.out)
        let unknown = try listbench(["list", "devices", "--profile", "iphone7"])
        #expect(unknown.status == 64)
        #expect(unknown.err.contains("unknown device 'iphone7'") && unknown.err.contains("did you mean 'iphone-7'?"))
        #expect(try listbench(["list", "scenarios", "--profile", "iphone-7"]).status == 64)
    }

    @Test func whatIsAtThePathIsNamedExactlyWithSixtySix() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let subfolder = folder.appendingPathComponent("profiles.json").path
        try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: false)
        let fifo = folder.appendingPathComponent("fifo.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let loop = folder.appendingPathComponent("loop.json").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        let dangling = folder.appendingPathComponent("dangling.json").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.appendingPathComponent("gone.json").path)
        let missing = folder.appendingPathComponent("missing.json").path

        expectOneMessage(try run(["--device", missing]), status: 66, "--device \(missing): no such file")
        expectOneMessage(try run(["--device", subfolder]), status: 66, "--device \(subfolder): is a folder, not a file")
        // A FIFO is named, never opened and waited on.
        expectOneMessage(try run(["--device", fifo]), status: 66, "--device \(fifo): is a FIFO, not a file")
        expectOneMessage(try run(["--device", loop]), status: 66,
                         "--device \(loop): a symbolic link loop (too many levels of symbolic links)")
        expectOneMessage(try run(["--device", dangling]), status: 66, "--device \(dangling): a symbolic link to a file that does not exist")
        // The same words for a profile in a sweep, and in validate.
        let sweep = try listbench(["sweep", detail, "--set", "device=iphone-7,\(fifo)", "--strategy", "reload", "--repetitions", "0", "--quiet"])
        expectOneMessage(sweep, status: 66, "--set device=\(fifo): is a FIFO, not a file")
        expectOneMessage(try listbench(["validate", detail, "--device", subfolder]), status: 66, "--device \(subfolder): is a folder, not a file")
    }

    /// Root reads every file, so the test needs another user.
    @Test(.enabled(if: getuid() != 0)) func anUnreadableProfileIsSaidToBeUnreadable() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try profile(in: folder, named: "locked.json") { _ in }
        #expect(chmod(path, 0) == 0)
        expectOneMessage(try run(["--device", path]), status: 66, "--device \(path): cannot read the file (Permission denied)")
    }

    @Test func anInvalidProfileIsSixtyFiveWithItsKeyPath() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fractional = try profile(in: folder, named: "fractional.json") { $0["backgroundWorkers"] = 2.5 }
        expectOneMessage(try run(["--device", fractional]), status: 65,
                         "--device \(fractional): malformed device profile: at 'backgroundWorkers': expected a whole number, found 2.5")
        let unknown = try profile(in: folder, named: "unknown.json") { $0["refreshRate"] = 120 }
        let result = try run(["--device", unknown])
        #expect(result.status == 65, "\(result.err)")
        #expect(result.err.hasPrefix("--device \(unknown): malformed device profile: unknown key 'refreshRate'; did you mean 'refreshRateHz'?"),
                "\(result.err)")
        #expect(result.err.split(separator: "\n").count == 1 && !result.err.contains("Usage:") && result.out.isEmpty, "\(result.err)")
        let outOfRange = try profile(in: folder, named: "slow.json") { $0["refreshRateHz"] = 1 }
        expectOneMessage(try run(["--device", outOfRange]), status: 65,
                         "--device \(outOfRange): device profile: refreshRateHz is 1.0, allowed 24.0...240.0")
        // A valid custom profile runs, and --ios past its range is a usage error named as before.
        let custom = try profile(in: folder, named: "custom.json") { $0["name"] = "my-phone" }
        let ok = try run(["--device", custom])
        #expect(ok.status == 0, "\(ok.err)")
        #expect(ok.out.contains("restaurant-detail-load on my-phone, iOS 17"), "\(ok.out)")
        expectOneMessage(try run(["--device", custom, "--ios", "30"]), status: 64,
                         "--ios 30: iOS 30 is out of range for my-phone: it runs iOS 17 to 26 in listbench")
    }

    /// A shipped name in other letters is pointed at that name, not at a longer one.
    @Test func aNameInOtherLettersSuggestsThatName() throws {
        let result = try run(["--device", "IPHONE-15"])
        #expect(result.status == 64, "\(result.err)")
        #expect(result.err.contains("unknown device 'IPHONE-15'; shipped devices: iphone-15, iphone-15-pro, iphone-6, iphone-7, iphone-x, "
            + "or give a profile file; did you mean 'iphone-15'?"), "\(result.err)")
    }
}
