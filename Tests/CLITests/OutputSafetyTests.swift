import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

private let detail = root.appendingPathComponent("Scenarios/restaurant-detail-load.json").path

/// Runs listbench with standard output (and standard error) going to the given files.
private func listbench(_ arguments: [String], stdout: String, stderr: String) throws -> Int32 {
    try requireBinary(binary)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    guard let out = FileHandle(forWritingAtPath: stdout), let err = FileHandle(forWritingAtPath: stderr) else {
        throw CocoaError(.fileWriteUnknown)
    }
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

/// One way an output can be aimed where listbench must not write.
struct BadTarget: CustomTestStringConvertible, Sendable {
    var label: String
    /// Makes the target in the folder; returns the arguments that aim at it and a fingerprint of it to compare after.
    var make: @Sendable (URL) throws -> (arguments: [String], fingerprint: () -> String)
    var status: Int32
    var fragment: String
    var testDescription: String { label }
}

/// What a path is now: its kind and, for a file, its bytes.
private func fingerprint(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0 else { return "missing" }
    let contents = (info.st_mode & S_IFMT) == S_IFREG ? FileManager.default.contents(atPath: path).map { "\($0.count) bytes \($0.hashValue)" } ?? "?" : ""
    return "mode \(info.st_mode & S_IFMT) \(contents)"
}

private let badTargets: [BadTarget] = [
    BadTarget(label: "a FIFO", make: { folder in
        let path = folder.appendingPathComponent("fifo.csv").path
        guard mkfifo(path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return (["--export-csv", path], { fingerprint(path) })
    }, status: 73, fragment: "is a FIFO, not a regular file"),
    BadTarget(label: "a symbolic link", make: { folder in
        let target = folder.appendingPathComponent("elsewhere.json").path
        _ = FileManager.default.createFile(atPath: target, contents: Data("keep".utf8))
        let path = folder.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        return (["--export-json", path], { fingerprint(path) + fingerprint(target) })
    }, status: 73, fragment: "is a symbolic link, not a regular file"),
    BadTarget(label: "a folder", make: { folder in
        let path = folder.appendingPathComponent("out.md").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return (["--export-markdown", path], { fingerprint(path) })
    }, status: 73, fragment: "is a folder, not a regular file"),
    BadTarget(label: "the input scenario", make: { folder in
        let path = folder.appendingPathComponent("in.json").path
        try FileManager.default.copyItem(atPath: detail, toPath: path)
        return ([path, "--export-csv", path], { fingerprint(path) })
    }, status: 73, fragment: "is an input of this command (scenario"),
    BadTarget(label: "the input scenario as a baseline", make: { folder in
        let path = folder.appendingPathComponent("in.json").path
        try FileManager.default.copyItem(atPath: detail, toPath: path)
        return ([path, "--save-baseline", path], { fingerprint(path) })
    }, status: 73, fragment: "is an input of this command (scenario"),
    BadTarget(label: "the same path for two exports", make: { folder in
        let path = folder.appendingPathComponent("both").path
        return (["--export-csv", path, "--export-json", path], { fingerprint(path) })
    }, status: 73, fragment: "the same file as --export-csv"),
    BadTarget(label: "one flag given twice", make: { folder in
        let first = folder.appendingPathComponent("a.csv").path, second = folder.appendingPathComponent("b.csv").path
        return (["--export-csv", first, "--export-csv", second], { fingerprint(first) + fingerprint(second) })
    }, status: 64, fragment: "--export-csv is given twice"),
    BadTarget(label: "a missing folder", make: { folder in
        let path = folder.appendingPathComponent("no/such/x.csv").path
        return (["--export-csv", path], { fingerprint(path) })
    }, status: 73, fragment: "no such folder"),
]

@Suite("Outputs never harm what they point at")
struct OutputSafetyTests {
    /// Each bad target is refused before anything runs (no report on
    /// standard output), with one message naming it, and is left as it was.
    @Test(arguments: badTargets)
    func aBadTargetIsRefusedBeforeTheRunAndLeftUntouched(_ target: BadTarget) throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (arguments, fingerprintNow) = try target.make(folder)
        let before = fingerprintNow()
        let scenario = arguments.first.map { $0.hasSuffix("in.json") } == true ? [] : [detail]
        let run = try listbench(["run"] + scenario + arguments + ["--strategy", "reload", "--repetitions", "0"])
        #expect(run.status == target.status, "\(run.err)")
        #expect(run.err.contains(target.fragment), "\(run.err)")
        #expect(run.out.isEmpty, "a report was printed, so the runs happened first")
        #expect(fingerprintNow() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".listbench-") }
        #expect(leftovers.isEmpty)
    }

    /// `report --output` is checked with the other outputs, before any
    /// run: an empty `--scenarios` folder would stop the runs with 66
    /// ("the reports need the shipped scenario"), so 73 shows the check came
    /// first. Each target is left as it was.
    @Test func reportOutputIsCheckedBeforeAnyRun() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: false)
        let file = folder.appendingPathComponent("file.md").path
        _ = FileManager.default.createFile(atPath: file, contents: Data("keep".utf8))
        let reports = folder.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: false)
        let fifo = reports.appendingPathComponent("index.md").path
        guard mkfifo(fifo, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        for (output, fragment, kept) in [
            (file, "--output \(file): is a regular file, not a folder", file),
            ("/dev/null", "--output /dev/null: is a character device, not a folder", "/dev/null"),
            (file + "/under", "--output \(file): is a regular file, not a folder", file),
            (reports.path, "--output \(fifo): is a FIFO, not a regular file", fifo),
        ] {
            let before = fingerprint(kept)
            let run = try listbench(["report", "--output", output, "--scenarios", scenarios.path, "--quiet"])
            #expect(run.status == 73, "\(output): \(run.err)")
            #expect(run.err.contains(fragment), "\(run.err)")
            #expect(run.out.isEmpty)
            #expect(fingerprint(kept) == before)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: reports.path) == ["index.md"])
        // A folder that does not exist yet, under one that does, passes the check (then the runs need their scenarios).
        let run = try listbench(["report", "--output", folder.appendingPathComponent("new/reports").path, "--scenarios", scenarios.path, "--quiet"])
        #expect(run.status == 66, "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path))
    }

    /// A report that standard output cannot take (a full disk) exits 74,
    /// not 0 with a truncated report; a message that standard error cannot
    /// take is dropped, never a trap.
    @Test func aFullDiskOnStandardOutputExits74AndOnStandardErrorNeverTraps() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let errors = folder.appendingPathComponent("stderr").path
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        #expect(try listbench(["run", detail, "--strategy", "reload", "--repetitions", "0", "--format", "json"], stdout: "/dev/full", stderr: errors) == 74)
        #expect(String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self).contains("cannot write to standard output"))
        let nothing = folder.appendingPathComponent("stdout").path
        _ = FileManager.default.createFile(atPath: nothing, contents: nil)
        #expect(try listbench(["validate", folder.appendingPathComponent("missing.json").path], stdout: nothing, stderr: "/dev/full") == 66)
        // After a run whose export was written, a failed message is still no trap.
        let csv = folder.appendingPathComponent("out.csv").path
        #expect(try listbench(["run", detail, "--strategy", "reload", "--strategy", "identifier-diff", "--repetitions", "0", "--export-csv", csv],
                              stdout: nothing, stderr: "/dev/full") == 0)
        #expect(FileManager.default.fileExists(atPath: csv))
    }

    /// A reader that has gone (`listbench … | head -1` after head exits) is a
    /// failed write, exit 74, not a silent death by SIGPIPE.
    @Test func aClosedPipeOnStandardOutputExits74() throws {
        try requireBinary(binary)
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["run", detail, "--strategy", "reload", "--repetitions", "0"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 74)
    }

    /// SIGTERM while isolated runs are under way: the process ends with
    /// 128 + 15 and its private run folder is gone; a run folder left by a
    /// process that no longer exists is removed at the next start.
    @Test func aSignalLeavesNoTemporaryFolder() throws {
        let temporary = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temporary) }
        // A dead process's run folder is removed; a user's file that merely looks alike is not.
        let stale = temporary.appendingPathComponent("listbench-999999-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let notes = temporary.appendingPathComponent("listbench-999999-notes.txt")
        _ = FileManager.default.createFile(atPath: notes.path, contents: Data("keep".utf8))
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        var folderMode: mode_t?
        let run = try interrupting(["run", detail, "--strategy", "reload", "--strategy", "test-hang", "--repetitions", "0", "--timeout", "600"],
                                   binary: builtBinary("listbench-misbehaving"), when: "× test-hang", signal: SIGTERM,
                                   environment: environment) { _ in
            let entries = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("listbench-") && !$0.hasSuffix(".txt") }
            var info = stat()
            if let ours = entries.first, stat(temporary.appendingPathComponent(ours).path, &info) == 0 { folderMode = info.st_mode & 0o777 }
        }
        #expect(run.interrupted, "\(run.err)")
        #expect(run.status == 128 + SIGTERM, "\(run.err)")
        #expect(folderMode == 0o700)
        #expect(FileManager.default.fileExists(atPath: notes.path))
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.hasPrefix("listbench-") && $0 != notes.lastPathComponent }
        #expect(left.isEmpty, "\(left.map { (try? FileManager.default.contentsOfDirectory(atPath: temporary.appendingPathComponent($0).path)) ?? [] })")
    }

    /// A temporary folder that does not exist is an error, not created.
    @Test func aMissingTemporaryFolderIsAnError() throws {
        let temporary = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: temporary) }
        let missing = temporary.appendingPathComponent("gone").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["run", detail, "--repetitions", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = missing
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 73)
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}
