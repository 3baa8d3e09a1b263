/// Where a task runs.
public enum SimQueue: Equatable, Sendable {
    /// The main thread (serial, as `DispatchQueue.main`).
    case main
    /// Any of the device's background workers, highest priority first.
    case background(QoS)
    /// A serial background queue: its tasks run on the workers one at a
    /// time, in order (as a serial `DispatchQueue` or URLSession's delegate queue).
    case serial(String, QoS)
}

/// The thread a task is running on.
public enum SimThread: Equatable, Sendable {
    case main
    case worker(Int)
}
