import Foundation

/// A value read and written from several threads under a lock: the one lock
/// wrapper of the profiler and the command line (run counters, result slots,
/// cancellation, the command's catalog).
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    package init(_ value: Value) { stored = value }

    /// The value now (a copy, read under the lock).
    package var value: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }

    /// Runs `body` with the value under the lock: a read-modify-write no other thread can split.
    ///
    /// - Complexity: O(1) besides `body`; `body` must not take this lock again.
    @discardableResult
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }
}
