/// Hangs: the main thread unresponsive for Apple's hang threshold or longer.
///
/// Apple calls a delay in handling a discrete interaction a *hang*, and its
/// tools start reporting one at 250 ms: "Delay above 250ms doesn't feel
/// instant anymore. That's why most of instrument tools start reporting
/// hangs by default starting at 250ms" (WWDC23 session 10248, "Analyze hangs
/// with Instruments"; the Hangs instrument and Xcode's on-device hang
/// detection, whose shortest setting is 250 ms, WWDC22 session 10082, "Track
/// down hangs with Xcode and on-device detection"). Below about 100 ms a
/// delay "feels instant"; between 100 and 250 ms "it depends on the
/// circumstances" (the same session), which is why no shorter band is
/// counted here.
///
/// What the model counts (inferred from those sessions, which describe a
/// hang as the main run loop busy and unable to handle the next event): a
/// *busy stretch* is main-thread work back to back, tasks and frames with
/// no idle moment of main between them, measured in virtual time from the
/// first one's start to the last one's end (so time main waited for a core
/// inside it counts: the person waits all the same). A busy stretch of
/// ``threshold`` or longer is one hang. A run of short frames with idle
/// time between them is never a hang, however many hitches it has; a page
/// load that blocks main for 400 ms is one hang of 400 ms (and its frames'
/// hitches as well).
public struct HangStats: Equatable, Sendable {
    /// Apple's hang threshold: 250 ms (see the type's notes).
    public static let threshold: SimTime = 250_000_000

    /// Busy stretches of at least ``threshold``.
    public var hangs = 0
    /// Their summed length.
    public var hangTime: SimTime = 0
    /// The longest of them (0 without hangs).
    public var longestHang: SimTime = 0

    public init() {}

    /// Counts one busy stretch of main from `start` to `end`, if it is a hang.
    ///
    /// - Complexity: O(1).
    mutating func close(stretchFrom start: SimTime, to end: SimTime) {
        let length = end - start
        guard length >= Self.threshold else { return }
        hangs += 1
        hangTime += length
        longestHang = max(longestHang, length)
    }
}
