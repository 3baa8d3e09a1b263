import Foundation

/// A value read and written from several threads under a lock.
///
/// `value` reads or replaces the whole value; a read-modify-write (a count
/// to increment, a slot to fill) goes through ``withLock(_:)`` so that it is
/// one critical section, not a read and a write that another thread can
/// come between. The value must be `Sendable`: a reference to something
/// unprotected cannot escape the lock. (Not `Synchronization.Mutex`: the
/// package still supports macOS 13.)
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    /// The value now; setting it replaces the whole value.
    var value: Value {
        get { withLock { $0 } }
        set { withLock { $0 = newValue } }
    }

    /// Runs `body` on the value with the lock held, and returns its result.
    /// `body` must not use this `Locked` again (NSLock is not recursive).
    @discardableResult
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }
}
