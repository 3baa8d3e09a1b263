import CTestSupport
import Foundation
import Profiler
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A binary built beside the test bundle.
func builtBinary(_ name: String) -> String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
}

/// A binary the tests run is not there: the test fails with this, never skips.
struct MissingBinary: Error, CustomStringConvertible {
    var path: String
    var description: String { "\(path) is not built or not executable (swift build --build-tests builds it)" }
}

/// Throws ``MissingBinary`` unless `path` is an executable file.
func requireBinary(_ path: String) throws {
    guard FileManager.default.isExecutableFile(atPath: path) else { throw MissingBinary(path: path) }
}

/// The built `listbench` binary.
let binary = builtBinary("listbench")
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
private let home = root.appendingPathComponent("Scenarios/restaurant-detail-load.json").path

/// Runs listbench (or another built binary) to its end; returns the exit
/// status, standard output and standard error. Standard error goes to a file,
/// so a program that writes much to both cannot block on a full pipe.
func listbench(_ arguments: [String], binary path: String = binary) throws -> (status: Int32, out: String, err: String) {
    try requireBinary(path)
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let errors = directory.appendingPathComponent("stderr")
    guard FileManager.default.createFile(atPath: errors.path, contents: nil), let errorHandle = FileHandle(forWritingAtPath: errors.path) else {
        throw CocoaError(.fileWriteUnknown)
    }
    defer { try? errorHandle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = errorHandle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errData = try Data(contentsOf: errors)
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// What `interrupting` saw: the exit status, standard output, what the
/// program wrote to its terminal, and whether the interrupt was sent.
struct InterruptedRun {
    var status: Int32
    var out: String
    var err: String
    var interrupted: Bool
}

struct TerminalUnavailable: Error {}

/// Runs a built binary with its standard error on a pseudo-terminal, so that
/// it shows its progress lines as it does for a person; once they show
/// `marker`, calls `beforeInterrupt(pid)` and sends `signal` (SIGINT, Ctrl-C, by default).
///
/// The wait is for the program's own words, never for a time: reading the
/// terminal blocks until the program writes or ends. If it ends before the
/// marker, no interrupt is sent (`interrupted` is false).
func interrupting(_ arguments: [String], binary path: String, when marker: String, signal: Int32 = SIGINT,
                  environment: [String: String]? = nil,
                  beforeInterrupt: (Int32) throws -> Void = { _ in }) throws -> InterruptedRun {
    try requireBinary(path)
    var name = [CChar](repeating: 0, count: 256)
    let master = listbench_test_open_pty(&name, name.count)
    guard master >= 0 else { throw TerminalUnavailable() }
    defer { close(master) }
    let terminal = open(String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw TerminalUnavailable() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe()
    process.standardOutput = out
    process.standardInput = FileHandle.nullDevice
    process.standardError = FileHandle(fileDescriptor: terminal, closeOnDealloc: false)
    do { try process.run() } catch {
        close(terminal)
        throw error
    }
    // Only the child holds the terminal now: reading ends (EIO) when it exits.
    close(terminal)
    var written: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    var interrupted = false
    while true {
        let count = read(master, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        written += buffer[..<count]
        if !interrupted, String(decoding: written, as: UTF8.self).contains(marker) {
            try beforeInterrupt(process.processIdentifier)
            kill(process.processIdentifier, signal)
            interrupted = true
        }
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return InterruptedRun(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                          err: String(decoding: written, as: UTF8.self), interrupted: interrupted)
}

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("listbench-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite("Command line")
struct CommandLineTests {
    /// The binaries these suites run are built with the tests; one that is
    /// missing fails every test that needs it (with this message), never skips it.
    @Test func aMissingBinaryFailsInsteadOfSkipping() throws {
        for path in [binary, builtBinary("listbench-misbehaving")] { try requireBinary(path) }
        #expect(throws: MissingBinary.self) { try listbench(["--help"], binary: builtBinary("listbench-not-built")) }
    }

    @Test(arguments: [
        (["run", home, "--strategy", "nope"], Int32(64), "unknown strategy 'nope'"),
        (["run", home, "--device", "iphone-99"], 64, "iphone-99"),
        (["run", "/no/such/file.json"], 66, "no such file"),
        (["sweep", home, "--set", "postz=1,2"], 64, "unknown key 'postz'"),
        (["sweep", home, "--set", "posts=1,2"], 64, "has no generated section"),
        (["sweep", home, "--set", "world[99].atMs=1,2"], 64, "world[99].atMs: no such value in the file (world has"),
        (["sweep", home, "--set", "paging.latencyMs=5"], 64, "paging.latencyMs: no such value in the file (the file has no key 'paging'"),
        (["run", home, "--threshold", "2000"], 64, "--threshold 2000.0: must be a percentage in 0...1000"),
        (["run", home, "--jobs", "0"], 64, "--jobs 0: must be in 1...256"),
        (["compare", "reload", "reload", home], 64, "two different strategies"),
        (["run", home, "--export-csv", "/no/such/dir/out.csv"], 73, "no such folder"),
        (["run", home, "--device", "iphone-7", "--ios", "16"], 64, "iOS 16 is out of range for iphone-7: it runs iOS 12 to 15"),
        (["run", home, "--strategy", "identifier-diff:isEqual=nope"], 64, "identifier-diff: 'nope' is not a value of isEqual; its values: content, id"),
        (["run", home, "--strategy", "identifier-diff", "--strategy", "identifier-diff:updates=reload"], 64, "the same configuration as 'identifier-diff'"),
    ])
    func badCommandLinesGetOneMessageAndTheirExitCode(arguments: [String], status: Int32, fragment: String) throws {
        let result = try listbench(arguments)
        #expect(result.status == status, "\(result.err)")
        #expect(result.err.contains(fragment), "\(result.err)")
        #expect(result.out.isEmpty)
    }

    /// Unknown names get the nearest known one suggested.
    static let misspelledNames: [(arguments: [String], status: Int32, fragment: String)] = [
        (["run", home, "--device", "iphone-16"], 64, "unknown device 'iphone-16'; shipped devices: iphone-15, iphone-15-pro, iphone-6, iphone-7, iphone-x, or give a profile file; did you mean 'iphone-15'?"),
        (["run", home, "--device", "iPhone 7"], 64, "did you mean 'iphone-7'?"),
        (["validate", home, "--device", "iphone7"], 64, "did you mean 'iphone-7'?"),
        (["run", home, "--strategy", "row-id"], 64, "unknown strategy 'row-id'; known: reload, "),
        (["run", home, "--strategy", "row-id"], 64, "did you mean 'row-ids'?"),
        (["compare", "reload", "identifer-diff", home], 64, "did you mean 'identifier-diff'?"),
    ]

    @Test(arguments: misspelledNames)
    func misspelledNamesGetTheNearestSuggested(arguments: [String], status: Int32, fragment: String) throws {
        try badCommandLinesGetOneMessageAndTheirExitCode(arguments: arguments, status: status, fragment: fragment)
    }

    /// A folder to read that is missing or a file: one message saying which, and 66.
    static let unopenableFolders: [(arguments: [String], status: Int32, fragment: String)] = [
        (["list", "scenarios", "--folder", "/no/such/folder"], 66, "--folder /no/such/folder: no such folder"),
        (["list", "scenarios", "--folder", home], 66, "--folder \(home): not a folder (a file)"),
        (["report", "--scenarios", "/no/such/folder", "--quiet"], 66, "--scenarios /no/such/folder: no such folder"),
        (["report", "--scenarios", home, "--quiet"], 66, "--scenarios \(home): not a folder (a file)"),
    ]

    @Test(arguments: unopenableFolders)
    func aFolderThatCannotBeReadIsNamedWithWhy(arguments: [String], status: Int32, fragment: String) throws {
        try badCommandLinesGetOneMessageAndTheirExitCode(arguments: arguments, status: status, fragment: fragment)
    }

    /// An iPhone 6 runs iOS 12: the diffable strategy is reported, not run, and the command succeeds.
    @Test func aStrategyTheDevicesIOSLacksIsReportedUnsupported() throws {
        let detail = root.appendingPathComponent("Scenarios/restaurant-detail.json").path
        let result = try listbench(["run", detail, "--device", "iphone-6", "--repetitions", "0", "--quiet",
                                    "--strategy", "row-ids", "--strategy", "identifier-diff"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("restaurant-detail on iphone-6, iOS 12"), "\(result.out)")
        let rows = result.out.split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("row-ids") && $0.contains("unsupported (needs iOS 13)") }, "\(result.out)")
        #expect(rows.contains { $0.hasPrefix("identifier-diff") && $0.contains("completed") }, "\(result.out)")
        #expect(result.out.contains("row-ids: not run: UITableViewDiffableDataSource needs iOS 13 (the device runs iOS 12)"), "\(result.out)")
    }

    /// `sweep --set STRATEGY.OPTION=…` runs one strategy per value; rows keep their canonical specs.
    @Test func aSweepOverAStrategyOption() throws {
        let result = try listbench(["sweep", home, "--set", "identifier-diff.updates=reload,reconfigure", "--repetitions", "0",
                                    "--quiet", "--format", "json"])
        #expect(result.status == 0, "\(result.err)")
        let report = try JSONDecoder().decode(BenchmarkReport.self, from: Data(result.out.utf8))
        #expect(report.scenarios.flatMap { $0.results.map(\.strategy) } == ["identifier-diff", "identifier-diff:updates=reconfigure"])
        let table = try listbench(["sweep", home, "--set", "identifier-diff.updates=reload,reconfigure", "--repetitions", "0", "--quiet"])
        #expect(table.out.contains("identifier-diff on restaurant-detail-load (iphone-15, iOS 17), sweeping identifier-diff.updates"), "\(table.out)")
    }

    /// `sweep --set PATH=…` sets a value of the scenario file by its JSON path, once per value.
    @Test func aSweepOverAJSONPath() throws {
        let realtime = root.appendingPathComponent("Scenarios/realtime-feed.json").path
        let result = try listbench(["sweep", realtime, "--set", "world[2].everyMs=20,80", "--strategy", "reload", "--repetitions", "0",
                                    "--quiet", "--format", "json"])
        #expect(result.status == 0, "\(result.err)")
        let report = try JSONDecoder().decode(BenchmarkReport.self, from: Data(result.out.utf8))
        #expect(report.scenarios.map(\.scenario) == ["realtime-feed [world[2].everyMs=20]", "realtime-feed [world[2].everyMs=80]"])
        let busy = report.scenarios.compactMap { $0.results.first?.metrics?.mainThreadBusyMs }
        // Bursts four times as far apart: less work on main.
        #expect(busy.count == 2 && busy[1] < busy[0], "\(busy)")
    }

    /// `listbench --version` names the tool, the model and the cost rules,
    /// as reports and baselines record them.
    @Test func versionNamesTheToolAndTheModel() throws {
        let result = try listbench(["--version"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "listbench \(ListBenchVersion.tool), model \(ListBenchVersion.model), cost rules \(ListBenchVersion.costRules)\n")
    }

    /// A negative count is refused with its range, not read as an option.
    @Test func aNegativeCountNamesItsRange() throws {
        let home = root.appendingPathComponent("Scenarios/home-170.json").path
        let result = try listbench(["run", home, "--repetitions", "-1"])
        #expect(result.status == 64)
        #expect(result.err.contains("--repetitions -1: must be in 0...10000"), "\(result.err)")
    }

    /// `listbench --help` lists every exit code with its meaning.
    @Test func helpListsEveryExitCode() throws {
        let help = try listbench(["--help"])
        #expect(help.status == 0)
        let text = help.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for fragment in ["Exit codes: 0 success; 3 a figure regressed", "; 4 a run failed", "; 64 bad usage", "; 65 an invalid scenario",
                         "; 66 a file or folder that cannot be opened", "; 67 an invalid --baseline file", "; 70 internal error",
                         "; 73 an output file that cannot be created", "; 74 standard output or an output file could not be written", "; 130 interrupted"] {
            #expect(text.contains(fragment), "\(fragment): \(text)")
        }
    }

    /// A folder that exists but cannot be read is named as such (not as missing).
    /// Root reads every folder, so the test needs another user.
    @Test(.enabled(if: getuid() != 0)) func anUnreadableFolderIsSaidToBeUnreadable() throws {
        let directory = try temporaryDirectory()
        defer {
            _ = chmod(directory.path, 0o700)
            try? FileManager.default.removeItem(at: directory)
        }
        #expect(chmod(directory.path, 0) == 0)
        let result = try listbench(["list", "scenarios", "--folder", directory.path])
        #expect(result.status == 66, "\(result.err)")
        #expect(result.err.hasPrefix("--folder \(directory.path): cannot read the folder ("), "\(result.err)")
        #expect(result.out.isEmpty)
    }

    @Test func aFailedRunLeavesNoOutputFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("out.csv").path
        let result = try listbench(["run", home, "/no/such/file.json", "--export-csv", csv])
        #expect(result.status == 66)
        #expect(!FileManager.default.fileExists(atPath: csv))
    }

    @Test func standardOutputCarriesOnlyTheReport() throws {
        let result = try listbench(["run", home, "--strategy", "reload", "--repetitions", "0", "--format", "json"])
        #expect(result.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) is [String: Any])
        #expect(result.err.isEmpty)
    }
}
