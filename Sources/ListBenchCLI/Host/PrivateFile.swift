import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file that an isolated parent and its worker hand each other in their
/// private run folder (a run's plan, a worker's result): created new, owner
/// only (0600), written in full, closed, and not `fsync`ed.
///
/// Such a file lives for one run inside a private folder and is read back
/// by the same machine while it runs, so it needs neither the atomic
/// rename nor the flush to disk of a user's output (``OutputFiles``). On
/// this project's virtual machine the flush was most of the few
/// milliseconds `FileManager.createFile` took per file; an isolated run
/// writes two (docs/performance.md).
enum PrivateFile {
    /// Why the file could not be written: the path and the system's reason.
    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// Creates `path` (it must not exist: `O_EXCL`, and a link there is
    /// refused with `O_NOFOLLOW`) and writes `bytes` to it.
    ///
    /// - Complexity: O(bytes).
    /// - Throws: ``WriteError`` when the file cannot be created or written;
    ///   a file left half written is removed.
    static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = writeSome(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if let failure {
            // Removing the half-written file: the run already fails with `failure`.
            unlink(path)
            throw WriteError(path: path, reason: failure)
        }
    }
}

/// `write(2)` under a name the enum's own `write` does not shadow.
private func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
