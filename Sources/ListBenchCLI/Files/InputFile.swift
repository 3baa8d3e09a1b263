import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why an input file (a `--device` profile, a `--baseline`) could not be
/// read. ``description`` says what is at the path, exactly: nothing, a
/// dangling link, a link loop, a folder, a FIFO, a file that cannot be read.
enum InputFileError: Error, Equatable, CustomStringConvertible {
    case missing
    /// A part of the path before its last name is a file, not a folder.
    case notAFolderOnThePath
    case danglingLink
    case linkLoop
    /// Not a regular file: a folder, a FIFO, a device, a socket (``OutputFiles/kindName(_:)``).
    case wrongKind(String)
    /// The system refused to open or read it (its reason: permission denied, …).
    case unreadable(String)
    case tooLarge(bytes: Int, limit: Int)

    var description: String {
        switch self {
        case .missing: return "no such file"
        case .notAFolderOnThePath: return "no such file (a part of the path is a file, not a folder)"
        case .danglingLink: return "a symbolic link to a file that does not exist"
        case .linkLoop: return "a symbolic link loop (too many levels of symbolic links)"
        case .wrongKind(let kind): return "is \(kind), not a file"
        case .unreadable(let reason): return "cannot read the file (\(reason))"
        case let .tooLarge(bytes, limit): return "the file has \(bytes) bytes; this input is limited to \(limit) bytes"
        }
    }

    /// The exit code: ``ListBenchExit/cannotOpen`` for a file that cannot be
    /// opened; a file too large to be what it claims is invalid input (65).
    var exitCode: ListBenchExit {
        switch self {
        case .tooLarge: return .invalidScenario
        case .missing, .notAFolderOnThePath, .danglingLink, .linkLoop, .wrongKind, .unreadable: return .cannotOpen
        }
    }
}

/// Reads an input file named on the command line, saying exactly what is
/// wrong when it cannot: the kind of what is at the path is checked before
/// it is opened, so a FIFO never blocks and a folder is never called missing.
enum InputFile {
    /// The bytes of the regular file at `path` (links followed), at most `limit` bytes.
    ///
    /// The file is opened non-blocking and checked again once open (`fstat`),
    /// so a FIFO put in its place after the first check is refused, not waited on.
    ///
    /// - Complexity: O(n) in the file's size (at most `limit`).
    static func read(_ path: String, limit: Int) throws(InputFileError) -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else { throw problem(path, errno) }
        if let kind = OutputFiles.kindName(info.st_mode) { throw .wrongKind(kind) }
        guard Int(info.st_size) <= limit else { throw .tooLarge(bytes: Int(info.st_size), limit: limit) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw problem(path, errno) }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        if let kind = OutputFiles.kindName(opened.st_mode) { throw .wrongKind(kind) }
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                #if canImport(Glibc)
                return Glibc.read(descriptor, base, buffer.count)
                #else
                return Darwin.read(descriptor, base, buffer.count)
                #endif
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            // The file may have grown since its size was read.
            guard bytes.count <= limit else { throw .tooLarge(bytes: bytes.count, limit: limit) }
        }
        return Data(bytes)
    }

    /// What a failed `stat` or `open` of `path` means.
    private static func problem(_ path: String, _ code: Int32) -> InputFileError {
        switch code {
        case ENOENT:
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK { return .danglingLink }
            return .missing
        case ENOTDIR: return .notAFolderOnThePath
        case ELOOP: return .linkLoop
        default: return .unreadable(String(cString: strerror(code)))
        }
    }
}
