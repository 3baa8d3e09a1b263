import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The heavy tier (`LISTBENCH_HEAVY=1`) repeats each phase 50 times; the default tier twice.
private let repetitions = ProcessInfo.processInfo.environment["LISTBENCH_HEAVY"] == "1" ? 50 : 2
private let detail = root.appendingPathComponent("Scenarios/restaurant-detail-load.json").path

/// Every export one command can write, in the order they are written (the
/// report's exports, then the trace): six files, so `created:1` is the
/// first temporary file, `created:6` the trace's, `renamed:1` between
/// renames and `renamed:6` after the last.
private let exports: [(flag: String, name: String)] = [
    ("--export-csv", "c.csv"), ("--export-markdown", "m.md"), ("--export-json", "j.json"), ("--export-html", "h.html"),
    ("--save-baseline", "b.json"), ("--export-trace", "t.json"),
]

/// What a run stopped at an export phase did.
private struct PhaseRun {
    var status: Int32
    var out: String
    var err: String
    /// The folder's names after the run.
    var left: [String]
}

/// Runs the smallest scenario with one strategy and every export into a new
/// folder, paused at `phase` by the test hook (`LISTBENCH_TEST_EXPORT_PAUSE`,
/// docs/testing.md). Once listbench says it has paused, sends `signal`; for
/// SIGINT, waits for listbench's own "interrupted: stopping" (the watcher
/// took it), then lets it go on by closing its standard input. Another
/// signal ends the process while it is paused; its standard input is closed
/// only after its output has ended. No step waits for a time: each waits
/// for listbench's words or its end.
private func interruptAtPhase(_ phase: String, signal: Int32) throws -> PhaseRun {
    try requireBinary(binary)
    let folder = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["run", detail, "--strategy", "reload", "--repetitions", "0", "--quiet"]
        + exports.flatMap { [$0.flag, folder.appendingPathComponent($0.name).path] }
    var environment = ProcessInfo.processInfo.environment
    environment["LISTBENCH_TEST_EXPORT_PAUSE"] = phase
    process.environment = environment
    let input = Pipe(), output = Pipe(), errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    var err = Data()
    /// Reads standard error until it holds `marker`; false if listbench ended first.
    func readErrors(until marker: String) -> Bool {
        while !String(decoding: err, as: UTF8.self).contains(marker) {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { return false }
            err += chunk
        }
        return true
    }
    if readErrors(until: "paused at export phase \(phase)\n") {
        kill(process.processIdentifier, signal)
        if signal == SIGINT { _ = readErrors(until: "interrupted: stopping") }
    }
    // Another signal ends the process while it is paused: its output ends before it is let go.
    if signal == SIGINT { try input.fileHandleForWriting.close() }
    let out = output.fileHandleForReading.readDataToEndOfFile()
    err += errors.fileHandleForReading.readDataToEndOfFile()
    if signal != SIGINT { try input.fileHandleForWriting.close() }
    process.waitUntilExit()
    return PhaseRun(status: process.terminationStatus, out: String(decoding: out, as: UTF8.self), err: String(decoding: err, as: UTF8.self),
                    left: try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted())
}

@Suite("Interrupts during the export phase")
struct ExportPhaseInterruptTests {
    /// Ctrl-C at each phase of writing the exports: after the first
    /// temporary file appears, after the trace's (the last) appears, between
    /// renames, and after the last rename. Every time, no temporary file is
    /// left, the report and the summary line are printed, and the exit is
    /// 130; before the renames no file is written, once they have begun every
    /// one is, whole. Repeated (50 times each in the heavy tier).
    @Test(arguments: ["created:1", "created:6", "renamed:1", "renamed:6"])
    func ctrlCAtAnExportPhaseLeavesNoTemporaryFileAndPrintsTheSummary(_ phase: String) throws {
        let renamed = phase.hasPrefix("renamed")
        for repetition in 1...repetitions {
            let run = try interruptAtPhase(phase, signal: SIGINT)
            #expect(run.err.contains("paused at export phase \(phase)"), "\(repetition): \(run.err)")
            #expect(run.status == 130, "\(phase) #\(repetition): \(run.err)")
            #expect(!run.left.contains { $0.contains(".listbench-") }, "\(phase) #\(repetition): \(run.left)")
            #expect(run.out.contains("restaurant-detail-load on iphone-15") && run.out.contains("reload"), "\(run.out)")
            let summary = "interrupted: 1 of 1 runs finished; "
                + (renamed ? "the files were already being replaced, so every one was written" : "no file was written")
            #expect(run.err.contains(summary), "\(phase) #\(repetition): \(run.err)")
            #expect(run.left == (renamed ? exports.map(\.name).sorted() : []), "\(phase) #\(repetition): \(run.left)")
            if !run.err.contains(summary) || run.status != 130 { break }
        }
    }

    /// SIGTERM and SIGHUP while a temporary file is open: the process ends
    /// with 128 + the signal, with every temporary file removed and no target written.
    @Test(arguments: [(SIGTERM, "created:1"), (SIGTERM, "created:6"), (SIGHUP, "created:1"), (SIGHUP, "created:6")])
    func aSignalThatEndsTheCommandRemovesEveryTemporaryFile(_ signal: Int32, _ phase: String) throws {
        let run = try interruptAtPhase(phase, signal: signal)
        #expect(run.err.contains("paused at export phase \(phase)"), "\(run.err)")
        #expect(run.status == 128 + signal, "\(run.err)")
        #expect(run.left.isEmpty, "\(run.left)")
    }
}
