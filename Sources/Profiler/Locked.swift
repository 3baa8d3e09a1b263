import Foundation

/// A value read and written from several threads under a lock: the one lock
/// wrapper of the profiler and the command line (run counters, result slots,
/// cancellation, the command's catalog).
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) { stored = value }

    /// The value now (a copy, read under the lock).
    public var value: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }

    /// Runs `body` with the value under the lock: a read-modify-write no other thread can split.
    ///
    /// - Complexity: O(1) besides `body`; `body` must not take this lock again.
    @discardableResult
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }
}
