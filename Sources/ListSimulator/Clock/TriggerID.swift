/// What set work off (a user's step, a world change, a page, …) as the
/// simulation's host numbers it. The clock tells triggers apart and blames
/// main-thread work and late frames on them; what a trigger is, and its
/// name, belong to the host (the runner's `Trigger`).
///
/// Hosts number their triggers densely from 0: the clock keeps a slot per
/// number. Until the host names the user's work (``SimClock/setUserTrigger(_:)``),
/// it is blamed on trigger 0.
public struct TriggerID: Hashable, Sendable {
    /// The host's number for the trigger, from 0.
    public let rawValue: Int

    /// The trigger the host numbers `rawValue` (0 or more: the clock keeps a slot per number).
    public init(_ rawValue: Int) {
        precondition(rawValue >= 0, "a trigger's number is 0 or more")
        self.rawValue = rawValue
    }
}

/// What a late frame's hitch time is blamed on: the trigger that set off
/// most of the main-thread work in it, or no main-thread work at all.
public enum FrameSetOff: Hashable, Sendable {
    case trigger(TriggerID)
    case noMainWork
}
