import Foundation
import Profiler
#if canImport(Glibc)
import Glibc
#endif

/// The files a command writes (`--export-*`, `--save-baseline`, `--output`'s
/// reports): checked before any run starts, then written as a set.
///
/// - A target must be a regular file or not exist yet, in a folder that
///   exists and can be written. A symbolic link, a folder, a FIFO, a device
///   or a socket is refused (``ListBenchExit/cannotCreate``), so an export
///   never replaces `/dev/null`, a link or a folder.
/// - A target that is one of the command's inputs (a scenario, the
///   `--device` file, the `--baseline`), or that another output also names,
///   is refused the same way; a flag given twice is a usage error.
/// - Writing: every file goes to a temporary file beside its target (created
///   exclusively, written in full, `fsync`ed); only when every one of them
///   is complete are they renamed over their targets, and each folder is
///   `fsync`ed. So a failed write (a full disk) replaces nothing, and a
///   signal during the writing leaves no temporary file behind
///   (``Cleanup``).
enum OutputFiles {
    /// One file to write: the flag that asked for it (for messages) and its path.
    struct Target: Equatable {
        var flag: String
        var path: String
    }

    /// Why a target is refused.
    enum Refusal: Error, Equatable, CustomStringConvertible {
        case wrongKind(Target, kind: String)
        case noFolder(Target, folder: String)
        case folderNotWritable(Target, folder: String)
        case isInput(Target, input: String)
        case sameFile(Target, Target)
        case cannotInspect(Target, reason: String)
        /// A folder to write into (`report --output`) that is something else, or under something else.
        case notAFolder(Target, kind: String)

        var description: String {
            switch self {
            case let .wrongKind(target, kind):
                return "\(target.flag) \(target.path): is \(kind), not a regular file; listbench writes only regular files and will not replace it"
            case let .noFolder(target, folder): return "\(target.flag) \(target.path): no such folder '\(folder)'"
            case let .folderNotWritable(target, folder): return "\(target.flag) \(target.path): the folder '\(folder)' cannot be written"
            case let .isInput(target, input):
                return "\(target.flag) \(target.path): is an input of this command (\(input)); listbench never writes over its inputs"
            case let .sameFile(first, second):
                return "\(second.flag) \(second.path): the same file as \(first.flag) \(first.path); give each output its own file"
            case let .cannotInspect(target, reason): return "\(target.flag) \(target.path): \(reason)"
            case let .notAFolder(target, kind):
                return "\(target.flag) \(target.path): is \(kind), not a folder; listbench writes its reports into a folder"
            }
        }
    }

    /// The output flags whose value names a file: a flag given twice is refused
    /// (the parser would keep only the last value).
    static let fileFlags = ["--export-csv", "--export-markdown", "--export-json", "--export-html", "--save-baseline", "--export-trace"]

    /// Refuses an output flag that the command line gives more than once, as a usage error.
    ///
    /// - Complexity: O(a) in the arguments.
    static func checkRepeatedFlags(_ arguments: [String]) throws(UsageRepeat) {
        var seen = Set<String>()
        for argument in arguments {
            guard argument.hasPrefix("--") else { continue }
            let flag = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            guard fileFlags.contains(flag) else { continue }
            if !seen.insert(flag).inserted { throw UsageRepeat(flag: flag) }
        }
    }

    /// An output flag given twice.
    struct UsageRepeat: Error, CustomStringConvertible {
        var flag: String
        var description: String { "\(flag) is given twice; each output flag takes one file" }
    }

    /// Checks every target against the rules above, before anything runs.
    ///
    /// - Parameter inputs: the command's input files, with what each is ("scenario", "--device", "--baseline").
    /// - Complexity: O(t × (t + i)) system calls for `t` targets and `i` inputs.
    static func check(_ targets: [Target], inputs: [(path: String, what: String)]) throws(Refusal) {
        var identities: [(Target, FileIdentity)] = []
        var names: [(Target, String)] = []
        let inputIdentities = inputs.compactMap { input in FileIdentity(following: input.path).map { ($0, input) } }
        for target in targets {
            let folder = folder(of: target.path)
            var folderInfo = stat()
            guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else { throw .noFolder(target, folder: folder) }
            guard access(folder, W_OK | X_OK) == 0 else { throw .folderNotWritable(target, folder: folder) }
            var info = stat()
            if lstat(target.path, &info) == 0 {
                if let kind = kindName(info.st_mode) { throw .wrongKind(target, kind: kind) }
                let identity = FileIdentity(info)
                if let input = inputIdentities.first(where: { $0.0 == identity }) {
                    throw .isInput(target, input: "\(input.1.what) \(input.1.path)")
                }
                if let earlier = identities.first(where: { $0.1 == identity }) { throw .sameFile(earlier.0, target) }
                identities.append((target, identity))
            } else if errno != ENOENT {
                throw .cannotInspect(target, reason: String(cString: strerror(errno)))
            }
            // Two outputs that do not exist yet: the same folder and name.
            let canonical = (realpath(folder, nil).map { pointer -> String in
                defer { free(pointer) }
                return String(cString: pointer)
            } ?? folder) + "/" + URL(fileURLWithPath: target.path).lastPathComponent
            if let earlier = names.first(where: { $0.1 == canonical }) { throw .sameFile(earlier.0, target) }
            names.append((target, canonical))
        }
    }

    /// Checks a folder that files will be written into (`report --output`),
    /// before anything runs: it must be a folder (a link to one is followed)
    /// that can be written, or not exist yet under a folder that can be (it
    /// is created then, with any missing folders between).
    ///
    /// - Returns: whether the folder exists (its files can then be checked with ``check(_:inputs:)``).
    /// - Complexity: O(d) system calls for the `d` missing folders of the path.
    static func checkFolder(_ target: Target) throws(Refusal) -> Bool {
        var path = target.path
        var info = stat()
        // The nearest folder of the path that exists: the folder itself, or where it will be created.
        while stat(path, &info) != 0 {
            guard errno == ENOENT || errno == ENOTDIR else { throw .cannotInspect(target, reason: String(cString: strerror(errno))) }
            let parent = folder(of: path)
            guard parent != path else { throw .noFolder(target, folder: path) }
            path = parent
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            let kind = kindName(info.st_mode) ?? "a regular file"
            if path == target.path { throw .notAFolder(target, kind: kind) }
            throw .notAFolder(Target(flag: target.flag, path: path), kind: kind)
        }
        guard access(path, W_OK | X_OK) == 0 else { throw .folderNotWritable(target, folder: path) }
        return path == target.path
    }

    /// Why writing the set failed: while writing the temporary files,
    /// nothing was replaced; a rename that fails (rare: same folder, same
    /// file system) says how many outputs were already replaced.
    struct WriteFailure: Error, CustomStringConvertible {
        var target: Target
        var reason: String
        var replaced = 0
        var description: String {
            "\(target.flag) \(target.path): cannot write the file (\(reason)); "
                + (replaced == 0 ? "no output file was replaced" : "\(replaced) output file\(replaced == 1 ? " was" : "s were") already replaced")
        }
    }

    /// What goes into one file: text rendered whole, or text produced while it is written.
    enum Contents {
        case text(String)
        /// `produce` writes the file's text through the sink it is given, a
        /// piece at a time, so that the whole text is never held (a trace of
        /// hours of virtual time). An error it throws abandons the whole set.
        case streamed((FileSink) throws -> Void)
    }

    /// Ctrl-C came while the set's temporary files were being written,
    /// before any was renamed: every temporary file was removed and no
    /// target replaced.
    struct Interrupted: Error, CustomStringConvertible {
        var description: String { "interrupted before the files were replaced; no output file was written" }
    }

    /// The temporary file a streamed output is written into.
    final class FileSink {
        private let descriptor: Int32
        private let target: Target
        /// Set by Ctrl-C: a producer's runs stop on it (``ScenarioRunner/cancellation``), and the next write throws ``Interrupted``.
        let cancellation: Cancellation?

        fileprivate init(descriptor: Int32, target: Target, cancellation: Cancellation?) {
            self.descriptor = descriptor
            self.target = target
            self.cancellation = cancellation
        }

        /// Appends `text` to the file.
        ///
        /// - Throws: ``Interrupted`` once Ctrl-C has set the cancellation;
        ///   ``WriteFailure`` when the file cannot take all of it (a full disk).
        /// - Complexity: O(bytes).
        func write(_ text: String) throws {
            try checkInterrupt()
            guard Terminal.writeAll(descriptor, text) else {
                throw WriteFailure(target: target, reason: String(cString: strerror(errno)))
            }
        }

        /// Throws ``Interrupted`` once Ctrl-C has set the cancellation.
        func checkInterrupt() throws(Interrupted) {
            if cancellation?.isCancelled == true { throw Interrupted() }
        }
    }

    /// Writes every file as described above: all or none.
    ///
    /// - Throws: ``Refusal`` when a target changed kind since the check, or
    ///   ``WriteFailure`` when a file cannot be written in full; either way
    ///   no target was replaced and no temporary file is left.
    /// - Complexity: O(total bytes).
    static func write(_ files: [(target: Target, contents: String)]) throws {
        try write(files.map { (target: $0.target, contents: Contents.text($0.contents)) })
    }

    /// Writes every file as described above, streamed ones too: all or none.
    /// A streamed file is produced into its temporary file (in the order of
    /// `files`), so its memory is the producer's, not its size; it is
    /// renamed into place only with the rest of the set.
    ///
    /// - Throws: ``Refusal`` when a target changed kind since the check,
    ///   ``WriteFailure`` when a file cannot be written in full, or what a
    ///   producer threw; whichever, no target was replaced and no temporary
    ///   file is left.
    /// - Complexity: O(total bytes), plus the producers' work.
    ///
    /// With a `cancellation` (Ctrl-C, ``Interrupts/watch(_:)``), the set is
    /// abandoned when it is set before the renames begin: between files, in
    /// a streamed file's writes, and at the last moment before the first
    /// rename, under the lock a signal's exit waits for. It throws
    /// ``Interrupted`` then, with every temporary file removed. Once the
    /// renames have begun they all complete, whatever comes (a second
    /// Ctrl-C, SIGTERM and SIGHUP wait for them), so the caller sees the
    /// cancellation set after a complete write.
    static func write(_ files: [(target: Target, contents: Contents)], cancellation: Cancellation? = nil) throws {
        var written: [(target: Target, temporary: String)] = []
        // Whatever happens below, no temporary file survives: renamed, or removed.
        defer {
            for file in written {
                unlink(file.temporary)
                Cleanup.forget(file.temporary)
            }
        }
        for (index, file) in files.enumerated() {
            if cancellation?.isCancelled == true { throw Interrupted() }
            let temporary = try writeTemporary(file.contents, for: file.target, number: index + 1, cancellation: cancellation)
            written.append((file.target, temporary))
        }
        for file in written {
            var info = stat()
            if lstat(file.target.path, &info) == 0, let kind = kindName(info.st_mode) { throw Refusal.wrongKind(file.target, kind: kind) }
        }
        var folders = Set<String>()
        // A signal's exit waits for the renames: the set is replaced whole.
        try Cleanup.exclusively {
            // The last moment Ctrl-C abandons the set; past it, the set is replaced whole.
            if cancellation?.isCancelled == true { throw Interrupted() }
            for (index, file) in written.enumerated() {
                guard rename(file.temporary, file.target.path) == 0 else {
                    throw WriteFailure(target: file.target, reason: String(cString: strerror(errno)), replaced: index)
                }
                folders.insert(folder(of: file.target.path))
                ExportPhases.reached("renamed:\(index + 1)")
            }
        }
        for folder in folders.sorted() {
            let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
            if descriptor >= 0 {
                fsync(descriptor)
                close(descriptor)
            }
        }
    }

    /// Writes `contents` to a new temporary file in the target's folder, in
    /// full, and syncs it; on any failure the temporary file is removed.
    ///
    /// The file is created and remembered for a signal's clean-up under the
    /// clean-up's lock (``Cleanup/exclusively(_:)``): a signal's exit either
    /// finds it remembered and removes it, or comes first and holds the lock
    /// until the process ends, so that no file is created after the clean-up.
    private static func writeTemporary(_ contents: Contents, for target: Target, number: Int, cancellation: Cancellation?) throws -> String {
        let name = URL(fileURLWithPath: target.path).lastPathComponent
        var template = Array("\(folder(of: target.path))/.\(name).listbench-XXXXXX".utf8CString)
        let (descriptor, failure) = Cleanup.exclusively { () -> (Int32, Int32) in
            let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return -1 }
                return mkstemp(base)
            }
            guard descriptor >= 0 else { return (descriptor, errno) }
            Cleanup.remember(String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            return (descriptor, 0)
        }
        guard descriptor >= 0 else { throw WriteFailure(target: target, reason: String(cString: strerror(failure))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        ExportPhases.reached("created:\(number)")
        // mkstemp makes the file 0600; an export is an ordinary file (0666 less the umask).
        fchmod(descriptor, 0o666 & ~processUmask)
        defer { close(descriptor) }
        func abandon() {
            unlink(temporary)
            Cleanup.forget(temporary)
        }
        switch contents {
        case .text(let text):
            guard Terminal.writeAll(descriptor, text) else {
                let reason = String(cString: strerror(errno))
                abandon()
                throw WriteFailure(target: target, reason: reason)
            }
        case .streamed(let produce):
            do {
                try produce(FileSink(descriptor: descriptor, target: target, cancellation: cancellation))
            } catch {
                abandon()
                throw error
            }
        }
        guard fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            abandon()
            throw WriteFailure(target: target, reason: reason)
        }
        return temporary
    }

    /// The process's file-creation mask, read from `/proc/self/status`
    /// (setting it to read it, as `umask(2)` requires, would race with other
    /// threads creating files). A probe: without that line (not Linux), 022,
    /// the usual default.
    static let processUmask: mode_t = {
        // A probe: the documented fallback when the file cannot be read.
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
              let value = line.split(separator: "\t").last.flatMap({ mode_t($0.trimmingCharacters(in: .whitespaces), radix: 8) }) else {
            return 0o022
        }
        return value
    }()

    /// The folder a path is in ("." for a bare name).
    static func folder(of path: String) -> String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return folder.isEmpty ? "." : folder
    }

    /// What a file that is not a regular file is, for a message; nil for a regular file.
    static func kindName(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}

/// A file's identity: its device and inode.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The identity of what `path` names, links followed; nil when it does not exist.
    init?(following path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }
}

/// What to undo if the process is ended by a signal: temporary output
/// files being written, isolated runs' private folder, and the worker
/// processes running. Undone by the signal watcher (``Interrupts``) before it exits.
enum Cleanup {
    private static let paths = Locked<Set<String>>([])
    private static let children = Locked<Set<Int32>>([])
    /// Held while output files are renamed into place or a worker is started, and by ``removeAll()``.
    private static let exclusive = NSLock()

    /// Runs `body` (renaming outputs into place, or starting a worker with
    /// its files) so that a signal's exit waits for it and then undoes all of it.
    static func exclusively<T>(_ body: () throws -> T) rethrows -> T {
        exclusive.lock()
        defer { exclusive.unlock() }
        return try body()
    }

    static func remember(child: Int32) { children.withLock { _ = $0.insert(child) } }
    static func forget(child: Int32) { children.withLock { _ = $0.remove(child) } }

    static func remember(_ path: String) { paths.withLock { _ = $0.insert(path) } }
    static func forget(_ path: String) { paths.withLock { _ = $0.remove(path) } }

    /// Kills every worker remembered and removes every path remembered
    /// (files, or folders with their files). Called once, on the way out: it
    /// waits for renames and starts under way and keeps the lock, so that
    /// none begins before the process exits.
    static func removeAll() {
        exclusive.lock()
        for child in children.value.sorted() { kill(child, SIGKILL) }
        let all = paths.withLock { paths -> Set<String> in
            defer { paths.removeAll() }
            return paths
        }
        for path in all.sorted() { removeTolerantly(path) }
    }

    /// Removes a file, or a folder with its files, while this process's
    /// other threads may still remove files in it: a run's thread deletes its
    /// worker's result files as the killed worker is reaped. `removeItem`
    /// stops at the first entry that vanished under it, which left the run
    /// folder behind, empty (in half of the runs of the SIGTERM test alone,
    /// with optimised workers); another pass removes what is left.
    ///
    /// - Complexity: at most five passes over the folder.
    static func removeTolerantly(_ path: String) {
        for _ in 0..<5 {
            do {
                try FileManager.default.removeItem(atPath: path)
                return
            } catch {
                // Cleanup on the way out: nothing is left to report to. Gone already: done.
                if !FileManager.default.fileExists(atPath: path) { return }
            }
        }
    }
}

/// A test hook: `LISTBENCH_TEST_EXPORT_PAUSE=PHASE` makes the command stop
/// at that phase of writing its output files, say so on standard error
/// (`listbench: paused at export phase PHASE`) and wait for one byte (or
/// the end) on standard input, so that a test can send a signal at exactly
/// that point, wait for listbench to take it, and let it go on. The phases:
/// `created:N`, the N-th temporary file was just created (empty); and
/// `renamed:N`, the N-th file was just renamed into place (the renames run
/// under the clean-up's lock, so a signal's exit waits for the rest).
/// Without the variable, nothing happens (docs/testing.md).
enum ExportPhases {
    private static let pause = ProcessInfo.processInfo.environment["LISTBENCH_TEST_EXPORT_PAUSE"]

    /// Marks a phase: pauses there when the variable names it.
    ///
    /// - Complexity: O(1); with the hook, until standard input gives a byte or ends.
    static func reached(_ phase: String) {
        guard let pause, pause == phase else { return }
        Terminal.note("listbench: paused at export phase \(phase)")
        var byte: UInt8 = 0
        // A test hook: the byte's value and a failed read both mean "go on".
        _ = read(STDIN_FILENO, &byte, 1)
    }
}
