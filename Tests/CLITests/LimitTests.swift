import Foundation
import Scenarios
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The heavy tier (`LISTBENCH_HEAVY=1`); `LISTBENCH_BINARY` may point at a release build.
private let heavy = ProcessInfo.processInfo.environment["LISTBENCH_HEAVY"] == "1"
private let limitBinary = ProcessInfo.processInfo.environment["LISTBENCH_BINARY"] ?? binary
private let misbehaving = builtBinary("listbench-misbehaving")

/// How a child process ended, and the most resident memory it ever had.
struct MeasuredRun {
    var status: Int32
    /// Peak resident set size, its own children included (`ru_maxrss`, KiB on Linux).
    var peakKiB: Int
    var out: String
    var err: String

    var peakMiB: Double { Double(peakKiB) / 1_024 }
}

struct MeasuredRunFailed: Error, CustomStringConvertible {
    var description: String
}

/// The test-only program that runs a command and reports its own peak memory (Tests/PeakMemory/main.c).
private let peakMemory = builtBinary("listbench-peak-memory")

/// Runs a built binary to its end, its standard output and error in files,
/// through `listbench-peak-memory`, which forks it, limits its address space
/// to `addressSpaceMiB` (`RLIMIT_AS`: a safety net, so that a regression
/// fails the test instead of exhausting the machine) and reaps it with
/// `wait4`, whose `ru_maxrss` is then the command's own peak resident memory
/// (a process the test process starts directly would report the test
/// process's size: Linux keeps the peak across exec). The run's own end is
/// the only signal waited for.
func measuredRun(_ arguments: [String], binary path: String = limitBinary, addressSpaceMiB: Double = 4_096) throws -> MeasuredRun {
    try requireBinary(path)
    try requireBinary(peakMemory)
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outPath = directory.appendingPathComponent("stdout").path
    let errPath = directory.appendingPathComponent("stderr").path
    let reportPath = directory.appendingPathComponent("peak").path
    for file in [outPath, errPath] {
        guard FileManager.default.createFile(atPath: file, contents: nil) else { throw MeasuredRunFailed(description: "cannot create \(file)") }
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: peakMemory)
    process.arguments = [reportPath, String(Int(addressSpaceMiB * 1_048_576)), path] + arguments
    process.standardInput = FileHandle.nullDevice
    let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    defer {
        try? outHandle.close()
        try? errHandle.close()
    }
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()
    process.waitUntilExit()
    let out = try String(contentsOfFile: outPath, encoding: .utf8)
    let err = try String(contentsOfFile: errPath, encoding: .utf8)
    guard process.terminationStatus != 125,
          let report = try? String(contentsOfFile: reportPath, encoding: .utf8),
          let peak = Int(report.trimmingCharacters(in: .whitespacesAndNewlines)) else {
        throw MeasuredRunFailed(description: "listbench-peak-memory did not report: \(err)")
    }
    return MeasuredRun(status: process.terminationStatus, peakKiB: peak, out: out, err: err)
}

/// Scenario texts at the documented limits (docs/scenario-format.md, Limits).
enum LimitScenarios {
    /// A chain of `levels` nested step repeats around one wait: with 30 inside
    /// a step repeat, the innermost number is at the 64th level of nesting.
    static func chain(_ levels: Int) -> String {
        var step = #"{"kind":"wait","ms":0}"#
        for _ in 0..<levels { step = #"{"kind":"repeat","times":1,"steps":[\#(step)]}"# }
        return step
    }

    /// 100,000 steps (10,000 repetitions of 10), every step kind with its
    /// largest times, velocity and screens, and 64 levels of nesting
    /// (`nesting - 1` more wraps the innermost number past the limit).
    static func steps(nesting: Int = 29) -> String {
        #"""
        [{"kind":"repeat","times":10000,"steps":[
          {"kind":"wait","ms":86400000},
          {"kind":"scroll","to":"end","velocity":100000},
          {"kind":"flick","velocity":100000,"untilAllLoaded":true},
          {"kind":"pageDown","screens":100},
          {"kind":"read","screens":100,"swipeMs":60000,"dwellMsPerPost":600000},
          {"kind":"scan","screens":100,"swipeMs":60000},
          {"kind":"scrollToTop"},
          {"kind":"waitForWorld","throughMs":86400000},
          {"kind":"scroll","to":"row","section":"s999","row":0,"durationMs":86400000},
          \#(chain(nesting))]}]
        """#
    }

    /// 1,000 sections of `perSection` items (the first of them `extra` more),
    /// the largest page, latency and jitter, `world` and ``steps(nesting:)``.
    static func feed(perSection: Int, extra: Int = 0, world: String, nesting: Int = 29) -> String {
        let sections = (0..<1_000).map { #"{"id":"s\#($0)","generate":\#(perSection + ($0 == 0 ? extra : 0))}"# }.joined(separator: ",")
        return #"""
        {"version":1,"name":"at-limits","description":"every documented limit","seed":2147483647,
         "data":{"sections":[\#(sections)]},
         "paging":{"pageSize":10000,"latencyMs":600000,"jitterMs":600000,"triggerScreens":100},
         "world":\#(world),
         "steps":\#(steps(nesting: nesting))}
        """#
    }

    /// One section of `generate` posts and nothing else: 2,000,000 is the
    /// most a section (and a scenario) holds.
    static func oneSection(generate: Int) -> String {
        #"{"version":1,"name":"one-section","description":"one generated section","seed":1,"data":{"sections":[{"id":"feed","generate":\#(generate)}]}}"#
    }

    /// One burst of 200,000 changes (100,000 a tick, the most at once) at the latest time.
    static let oneBurst = #"[{"kind":"burst","atMs":86400000,"everyMs":86400000,"forMs":86400000,"changes":100000,"ops":{"insert":1,"update":1},"section":"s0"}]"#

    /// 1,000,000 changes: 10,000 repetitions (the most) of a two-tick burst of 50.
    static let millionChanges = #"[{"kind":"repeat","times":10000,"everyMs":86400000,"atMs":86400000,"events":[{"kind":"burst","everyMs":86400000,"forMs":86400000,"changes":50,"ops":{"insert":1,"delete":1,"move":1,"update":1},"section":"s0"}]}]"#

    /// 1,000,000 `state` events on the restaurant page with 1,000 reports
    /// and 1,000 courses (2,007 rows), alternating with 999 of each: a
    /// scenario that once took 66 KB a state event.
    static let millionStates = #"""
    {"version":1,"name":"states-at-limit","description":"1,000,000 state events","seed":1,
     "data":{"template":"restaurant-detail","state":{"restaurant":true,"reports":1000,"courses":1000,"reportsPageMax":1000}},
     "world":[{"kind":"repeat","times":1000,"everyMs":1000,"events":[
       {"kind":"repeat","times":500,"everyMs":1,"events":[
         {"kind":"state","state":{"reports":999,"courses":999}},
         {"kind":"state","state":{"reports":1000,"courses":1000}}]}]}],
     "steps":[{"kind":"waitForWorld"}]}
    """#

    /// A scenario file of exactly 16 MiB (the file-size limit): explicit
    /// posts, then spaces.
    static func sixteenMiB() -> String {
        let limit = 16 << 20
        var posts: [String] = []
        var size = 200
        var id = 1
        while size < limit - 200 {
            let post = #"{"id":\#(id),"textLength":100,"photos":1,"reactions":true}"#
            size += post.utf8.count + 1
            if size >= limit - 200 { break }
            posts.append(post)
            id += 1
        }
        let text = #"{"version":1,"name":"sixteen-mib","description":"a file at the size limit","seed":1,"data":{"sections":[{"id":"feed","items":[\#(posts.joined(separator: ","))]}]}}"#
        return text + String(repeating: " ", count: max(0, limit - text.utf8.count))
    }

    /// A file of 16 MiB whose `world` is zeros: as many JSON values as the size allows.
    static func sixteenMiBOfZeros() -> String {
        let head = #"{"version":1,"name":"zeros","description":"d","seed":1,"data":{"sections":[{"id":"a","generate":1}]},"world":["#
        let count = ((16 << 20) - head.utf8.count - 2) / 2
        return head + Array(repeating: "0", count: count).joined(separator: ",") + "]}"
    }

    /// Scrolling 2,000 posts to the end and back `times` times (360: about
    /// 4 hours of virtual time, a 636 MB trace).
    static func roundTrips(_ times: Int) -> String {
        #"""
        {"version":1,"name":"round-trips","description":"scrolling to the end and back","seed":7,
         "data":{"sections":[{"id":"feed","generate":2000}]},
         "steps":[{"kind":"repeat","times":\#(times),"steps":[{"kind":"scroll","to":"end","velocity":20000},{"kind":"scrollToTop"}]}]}
        """#
    }

    /// 1,000,000 posts paged one at a time (`pageSize` 1), scrolled to the
    /// end until everything has loaded: `reload` rebuilt every row's
    /// geometry for each page, so this did not finish in 900 s.
    static let millionPagedByOne = #"""
    {"version":1,"name":"paged-by-one","description":"1,000,000 items paged one at a time","seed":1,
     "data":{"sections":[{"id":"feed","generate":1000000}]},
     "paging":{"pageSize":1,"latencyMs":0},
     "steps":[{"kind":"scroll","to":"end","untilAllLoaded":true}]}
    """#

    /// 20,000 posts paged one at a time with no latency, flicked through
    /// until everything has loaded: Texture's updates, issued faster than
    /// their nodes commit, each held a plan of O(n) while waiting, so the
    /// host's memory grew quadratically (4.5 GiB at 20,000).
    static let texturePagedByOne = #"""
    {"version":1,"name":"texture-paged-by-one","description":"20,000 items paged one at a time","seed":1,
     "data":{"sections":[{"id":"feed","generate":20000}]},
     "paging":{"pageSize":1,"latencyMs":0},
     "steps":[{"kind":"flick","velocity":20000,"untilAllLoaded":true}]}
    """#
}

/// Writes `text` to a new file in a new temporary folder.
private func scenarioFile(_ text: String, named name: String = "scenario.json") throws -> (folder: URL, path: String) {
    let folder = try temporaryDirectory()
    let path = folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return (folder, path)
}

/// The memory caps docs/testing.md states ("Limits that hold"), in MiB.
enum LimitCaps {
    static let atLimitsValidate = 128.0
    static let millionStatesValidate = 256.0
    static let shortTrace = 48.0
    static let everyLimitValidate = 512.0
    static let sixteenMiBValidate = 768.0
    static let longTrace = 128.0
    static let pagedByOneRun = 1_536.0
    /// Issue 43's bound for Texture paged one row at a time (20,000 rows).
    static let texturePagedByOneRun = 300.0

    /// The address-space safety net of a run capped at `cap` MiB: four times it, at least 1 GiB.
    static func addressSpace(_ cap: Double) -> Double { max(1_024, 4 * cap) }
}

@Suite("Limits that hold")
struct LimitTests {
    /// Every limit but the sizes, at once, validated (and generated) under a
    /// memory cap; one more level of nesting is refused.
    @Test func aScenarioAtTheLimitsValidatesUnderItsCap() throws {
        let file = try scenarioFile(LimitScenarios.feed(perSection: 1, world: LimitScenarios.oneBurst))
        defer { try? FileManager.default.removeItem(at: file.folder) }
        let run = try measuredRun(["validate", file.path], addressSpaceMiB: LimitCaps.addressSpace(LimitCaps.atLimitsValidate))
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("1000 sections, 1000 items, 200000 changes, 100000 steps"), "\(run.out)")
        #expect(run.peakMiB < LimitCaps.atLimitsValidate, "peak \(run.peakMiB) MiB")
        print("limits: at the limits, validate peak \(run.peakMiB) MiB (cap \(LimitCaps.atLimitsValidate))")

        // One validate call for the three refusals (each file is reported on its own line).
        let deeper = try scenarioFile(LimitScenarios.feed(perSection: 1, world: "[]", nesting: 30))
        defer { try? FileManager.default.removeItem(at: deeper.folder) }
        let pastInAll = try scenarioFile(LimitScenarios.feed(perSection: 2_000, extra: 1, world: "[]"))
        defer { try? FileManager.default.removeItem(at: pastInAll.folder) }
        let pastOneSection = try scenarioFile(LimitScenarios.oneSection(generate: 2_000_001))
        defer { try? FileManager.default.removeItem(at: pastOneSection.folder) }
        let refused = try measuredRun(["validate", deeper.path, pastInAll.path, pastOneSection.path])
        #expect(refused.status == 65)
        let lines = refused.err.split(whereSeparator: \.isNewline)
        func message(_ file: String) -> String { lines.first { $0.hasPrefix(file + ": ") }.map(String.init) ?? "" }
        #expect(message(deeper.path).contains("nesting deeper than 64 levels"), "\(refused.err)")
        #expect(message(pastInAll.path).contains("at data.sections[999]"), "\(refused.err)")
        #expect(message(pastInAll.path).contains("the data has more than 2000000 items, the limit"), "\(refused.err)")
        #expect(message(pastOneSection.path).contains("at data.sections[0].generate"), "\(refused.err)")
        #expect(message(pastOneSection.path).contains("2000001 is out of range; allowed 0...2000000"), "\(refused.err)")
    }

    /// 2,000,000 items, in one section or in 1,000, are within the limit:
    /// decoding (which checks the item limit) accepts them; generating them
    /// is the heavy tier's (``everyLimitAtOnceValidatesUnderItsCap()``).
    @Test func twoMillionItemsAreWithinTheLimit() throws {
        for text in [LimitScenarios.feed(perSection: 2_000, world: LimitScenarios.oneBurst), LimitScenarios.oneSection(generate: 2_000_000)] {
            let scenario = try Scenario.decode(Array(text.utf8))
            guard case .feed(let sections, _) = scenario.data else {
                Issue.record("not a feed: \(scenario.data)")
                continue
            }
            #expect(sections.reduce(0) { $0 + $1.generate + $1.items.count } == 2_000_000)
        }
    }

    /// A million state events (the world-event limit) on a 2,007-row page:
    /// validation used 66 KB an event (66 GB in all); now a state event is
    /// kept as its 16 values.
    @Test func aMillionStateEventsValidateUnderTheirCap() throws {
        let file = try scenarioFile(LimitScenarios.millionStates)
        defer { try? FileManager.default.removeItem(at: file.folder) }
        let run = try measuredRun(["validate", file.path], addressSpaceMiB: LimitCaps.addressSpace(LimitCaps.millionStatesValidate))
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("17 sections, 2007 items, 1000000 changes, 1 step"), "\(run.out)")
        #expect(run.peakMiB < LimitCaps.millionStatesValidate, "peak \(run.peakMiB) MiB")
        print("limits: 1,000,000 state events, validate peak \(run.peakMiB) MiB (cap \(LimitCaps.millionStatesValidate))")
    }

    /// A trace larger than the cap is written while the process stays under
    /// it: the trace streams to its file, it is not held whole.
    @Test func aTraceLargerThanTheCapIsWrittenUnderIt() throws {
        let file = try scenarioFile(LimitScenarios.roundTrips(30))
        defer { try? FileManager.default.removeItem(at: file.folder) }
        let trace = file.folder.appendingPathComponent("trace.json").path
        let run = try measuredRun(["run", file.path, "--strategy", "reload", "--repetitions", "0", "--quiet", "--export-trace", trace], addressSpaceMiB: LimitCaps.addressSpace(LimitCaps.shortTrace))
        #expect(run.status == 0, "\(run.err)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int)
        #expect(Double(size) > LimitCaps.shortTrace * 1_048_576, "the trace is \(size) bytes")
        #expect(run.peakMiB < LimitCaps.shortTrace, "peak \(run.peakMiB) MiB for a trace of \(size) bytes")
        print("limits: a trace of \(size) bytes, run peak \(run.peakMiB) MiB (cap \(LimitCaps.shortTrace))")
        try expectWholeTrace(trace, processes: 1)
    }

    /// `--timeout` applies to a single run too: it is isolated, so a
    /// strategy stuck in a loop is stopped at the limit and reported failed
    /// (exit 4). With `--export-trace`, the failed run is not run again in
    /// the parent (where nothing could stop it): the trace is written whole,
    /// without it. The hang never ends on its own, so the outcome does not
    /// depend on how fast the machine is.
    @Test func aSingleRunEndsAtItsTimeout() throws {
        let detail = root.appendingPathComponent("Scenarios/restaurant-detail-load.json").path
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("trace.json").path
        let run = try listbench(["run", detail, "--strategy", "test-hang", "--timeout", "1", "--repetitions", "0",
                                 "--export-trace", trace], binary: misbehaving)
        #expect(run.status == 4, "\(run.err)")
        #expect(run.out.contains("failed (timeout 1 s)"), "\(run.out)")
        #expect(run.out.contains("test-hang: failed: passed the wall-time limit of 1 s"))
        try expectWholeTrace(trace, processes: 0)
    }

    // MARK: - Heavy tier

    /// Every limit at once, sizes included: 2,000,000 items in 1,000
    /// sections, 1,000,000 world changes, 100,000 steps, 64 levels; and
    /// 2,000,000 items in one section, in the same call.
    @Test(.enabled(if: heavy)) func everyLimitAtOnceValidatesUnderItsCap() throws {
        let file = try scenarioFile(LimitScenarios.feed(perSection: 2_000, world: LimitScenarios.millionChanges))
        defer { try? FileManager.default.removeItem(at: file.folder) }
        let single = try scenarioFile(LimitScenarios.oneSection(generate: 2_000_000))
        defer { try? FileManager.default.removeItem(at: single.folder) }
        let run = try measuredRun(["validate", file.path, single.path], addressSpaceMiB: LimitCaps.addressSpace(LimitCaps.everyLimitValidate))
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("1000 sections, 2000000 items, 1000000 changes, 100000 steps"), "\(run.out)")
        #expect(run.out.contains("1 section, 2000000 items"), "\(run.out)")
        #expect(run.peakMiB < LimitCaps.everyLimitValidate, "peak \(run.peakMiB) MiB")
        print("limits: every limit at once, validate peak \(run.peakMiB) MiB (cap \(LimitCaps.everyLimitValidate))")
    }

    /// A file of exactly 16 MiB validates under its cap; one byte more is refused.
    @Test(.enabled(if: heavy)) func aSixteenMiBFileValidatesUnderItsCap() throws {
        let text = LimitScenarios.sixteenMiB()
        #expect(text.utf8.count == 16 << 20)
        let file = try scenarioFile(text)
        defer { try? FileManager.default.removeItem(at: file.folder) }
        let run = try measuredRun(["validate", file.path], addressSpaceMiB: LimitCaps.addressSpace(LimitCaps.sixteenMiBValidate))
        #expect(run.status == 0, "\(run.err)")
        #expect(run.peakMiB < LimitCaps.sixteenMiBValidate, "peak \(run.peakMiB) MiB")
        print("limits: a 16 MiB file, validate peak \(run.peakMiB) MiB (cap \(LimitCaps.sixteenMiBValidate))")
        let larger = try scenarioFile(text + " ")
        defer { try? FileManager.default.removeItem(at: larger.folder) }
        let refused = try measuredRun(["validate", larger.path])
        #expect(refused.status == 65, "\(refused.err)")

        // The parser's worst case: 16 MiB of the smallest values, held as a tree until validation rejects them.
        let zeros = try scenarioFile(LimitScenarios.sixteenMiBOfZeros())
        defer { try? FileManager.default.removeItem(at: zeros.folder) }
        let hostile = try measuredRun(["validate", zeros.path], addressSpaceMiB: LimitCaps.addressSpace(LimitCaps.sixteenMiBValidate))
        #expect(hostile.status == 65, "\(hostile.err)")
        #expect(hostile.err.contains("the limit is 1000000"), "\(hostile.err)")
        #expect(hostile.peakMiB < LimitCaps.sixteenMiBValidate, "peak \(hostile.peakMiB) MiB")
        print("limits: 16 MiB of zeros, validate peak \(hostile.peakMiB) MiB (cap \(LimitCaps.sixteenMiBValidate))")
    }

    /// About four hours of virtual time traced (a 636 MB file) under the cap.
    @Test(.enabled(if: heavy)) func aFourHourTraceIsWrittenUnderItsCap() throws {
        let file = try scenarioFile(LimitScenarios.roundTrips(360))
        defer { try? FileManager.default.removeItem(at: file.folder) }
        let trace = file.folder.appendingPathComponent("trace.json").path
        let run = try measuredRun(["run", file.path, "--strategy", "reload", "--repetitions", "0", "--quiet", "--export-trace", trace], addressSpaceMiB: LimitCaps.addressSpace(LimitCaps.longTrace))
        #expect(run.status == 0, "\(run.err)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int)
        #expect(size > 500_000_000, "the trace is \(size) bytes")
        #expect(run.peakMiB < LimitCaps.longTrace, "peak \(run.peakMiB) MiB for a trace of \(size) bytes")
        print("limits: a trace of \(size) bytes, run peak \(run.peakMiB) MiB (cap \(LimitCaps.longTrace))")
    }

    /// A million items paged one at a time run through `reload` to the
    /// runner's bound (4 h of virtual time: every page's `reloadData` is
    /// charged per row), under the cap.
    @Test(.enabled(if: heavy)) func aMillionItemsPagedOneAtATimeRunToTheirBound() throws {
        let file = try scenarioFile(LimitScenarios.millionPagedByOne)
        defer { try? FileManager.default.removeItem(at: file.folder) }
        let run = try measuredRun(["run", file.path, "--strategy", "reload", "--repetitions", "0", "--quiet"], addressSpaceMiB: LimitCaps.addressSpace(LimitCaps.pagedByOneRun))
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("timedOut"), "\(run.out)")
        #expect(run.out.contains("virtual time past 4 h"), "\(run.out)")
        #expect(run.peakMiB < LimitCaps.pagedByOneRun, "peak \(run.peakMiB) MiB")
        print("limits: 1,000,000 items paged by one, run peak \(run.peakMiB) MiB (cap \(LimitCaps.pagedByOneRun))")
    }
}

extension LimitTests {
    /// Texture's node lists paged one row at a time, faster than they
    /// commit, hold O(1) host memory per row: 20,000 rows under 300 MiB for
    /// each Texture strategy, in one process.
    @Test(.enabled(if: heavy)) func textureNodesPagedOneAtATimeStayUnderTheirCap() throws {
        let file = try scenarioFile(LimitScenarios.texturePagedByOne)
        defer { try? FileManager.default.removeItem(at: file.folder) }
        for strategy in ["texture", "texture-placeholders"] {
            let run = try measuredRun(["run", file.path, "--strategy", strategy, "--no-isolate", "--quiet"],
                                      addressSpaceMiB: LimitCaps.addressSpace(LimitCaps.texturePagedByOneRun))
            #expect(run.status == 0, "\(run.err)")
            #expect(run.peakMiB < LimitCaps.texturePagedByOneRun, "\(strategy): peak \(run.peakMiB) MiB")
            print("limits: 20,000 rows paged by one on \(strategy), run peak \(run.peakMiB) MiB (cap \(LimitCaps.texturePagedByOneRun))")
        }
    }
}

/// The trace file is one whole JSON document of `processes` processes:
/// its opening, its end, and each process named once.
private func expectWholeTrace(_ path: String, processes: Int) throws {
    guard let handle = FileHandle(forReadingAtPath: path) else {
        Issue.record("no trace at \(path)")
        return
    }
    defer { try? handle.close() }
    // The opening names the tool and model versions (otherData), then the events.
    let head = String(decoding: handle.readData(ofLength: 512), as: UTF8.self)
    #expect(head.hasPrefix(#"{"displayTimeUnit":"ms","otherData":{"tool":"listbench","toolVersion":"#))
    #expect(head.contains("},\"traceEvents\":[\n"))
    let size = try handle.seekToEnd()
    try handle.seek(toOffset: size - min(size, 4))
    #expect(String(decoding: handle.readDataToEndOfFile(), as: UTF8.self).hasSuffix("\n]}\n"))
    // Count process names in chunks, never the whole file at once, as bytes
    // (Foundation's search: decoding 50 MB into Strings cost seconds of the tier).
    try handle.seek(toOffset: 0)
    let name = Data(#""name":"process_name""#.utf8)
    var count = 0
    var carry = Data()
    while true {
        let chunk = handle.readData(ofLength: 1 << 20)
        if chunk.isEmpty { break }
        let text = carry + chunk
        var from = text.startIndex
        while let found = text.range(of: name, in: from..<text.endIndex) {
            count += 1
            from = found.upperBound
        }
        // A match cut between chunks is found with the next one; the carried
        // tail is one byte shorter than a match, so none is counted twice.
        carry = Data(text.suffix(name.count - 1))
    }
    #expect(count == processes)
}

@Suite("Interrupted exports")
struct InterruptedExportTests {
    /// Ctrl-C while a trace is being written (the export phase, after the
    /// runs): the writing stops (the trace's run within 16 steps), and neither the trace nor its
    /// temporary file is left in the folder. The signal is sent when the
    /// temporary file appears (the export has begun), not after a time.
    @Test func anExportInterruptedWhileWritingLeavesNoFile() throws {
        try requireBinary(binary)
        let file = try scenarioFile(LimitScenarios.roundTrips(30))
        defer { try? FileManager.default.removeItem(at: file.folder) }
        let trace = file.folder.appendingPathComponent("trace.json")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["run", file.path, "--strategy", "reload", "--repetitions", "0", "--quiet", "--export-trace", trace.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Look until the export's temporary file is there (for at most a minute: a machine that slow fails, it does not hang).
        let deadline = DispatchTime.now().uptimeNanoseconds + 60_000_000_000
        var sent = false
        while process.isRunning, DispatchTime.now().uptimeNanoseconds < deadline {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: file.folder.path)) ?? []
            if entries.contains(where: { $0.hasPrefix(".trace.json.listbench-") }) {
                kill(process.processIdentifier, SIGINT)
                sent = true
                break
            }
            sched_yield()
        }
        process.waitUntilExit()
        #expect(sent, "the export ended before its temporary file was seen")
        #expect(process.terminationStatus == 130)
        let left = try FileManager.default.contentsOfDirectory(atPath: file.folder.path).filter { $0 != "scenario.json" }
        #expect(left.isEmpty, "\(left)")
    }
}
