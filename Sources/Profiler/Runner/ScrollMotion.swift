import Foundation
import ListSimulator

/// The viewport's motion during one user step, as a function of touch time.
///
/// A late frame samples the motion at its own time, so it shows a larger
/// jump; it never slows the finger. Semantics: `docs/scenario-format.md`.
public enum ScrollMotion: Equatable, Sendable {
    /// A drag at constant speed (points per millisecond) from `from` towards `to`;
    /// an infinite speed is a jump (`setContentOffset(_:animated: false)`).
    case drag(from: Double, to: Double, start: SimTime, pointsPerMs: Double)
    /// A flick: v(t) = v₀ · d^t (t in ms), until under 1 point per second; a
    /// negative v₀ goes up the list.
    case flick(Flick)
    /// UIKit's scroll to top: an ease-out over 300 ms (estimate).
    case scrollToTop(from: Double, start: SimTime)

    public static let scrollToTopDuration: SimTime = 300_000_000

    /// A flick's start, speed and deceleration, and its duration worked out
    /// from them once (``flickDurationMs(_:_:)``: every frame asks where the
    /// flick is and whether it is over), so the two cannot disagree.
    public struct Flick: Equatable, Sendable {
        public let from: Double
        public let start: SimTime
        public let pointsPerMs: Double
        public let deceleration: Double
        /// Milliseconds from the start until the speed is under 1 point per second.
        public let durationMs: Double

        public init(from: Double, start: SimTime, pointsPerMs: Double, deceleration: Double) {
            self.from = from
            self.start = start
            self.pointsPerMs = pointsPerMs
            self.deceleration = deceleration
            durationMs = ScrollMotion.flickDurationMs(pointsPerMs, deceleration)
        }
    }

    /// A flick from `from` at `start`.
    public static func flick(from: Double, start: SimTime, pointsPerMs: Double, deceleration: Double) -> ScrollMotion {
        .flick(Flick(from: from, start: start, pointsPerMs: pointsPerMs, deceleration: deceleration))
    }

    /// The offset at `time`, before clamping to the content.
    public func offset(at time: SimTime) -> Double {
        switch self {
        case let .drag(from, to, start, speed):
            guard speed.isFinite else { return to }  // a jump
            let travelled = speed * Sim.milliseconds(max(0, time - start))
            return from < to ? min(to, from + travelled) : max(to, from - travelled)
        case let .flick(flick):
            let elapsed = min(Sim.milliseconds(max(0, time - flick.start)), flick.durationMs)
            // ∫ v₀ dᵗ dt = v₀ (1 − dᵗ) / ln(1/d)
            return flick.from + flick.pointsPerMs * (1 - pow(flick.deceleration, elapsed)) / -log(flick.deceleration)
        case let .scrollToTop(from, start):
            let progress = min(1, Double(max(0, time - start)) / Double(Self.scrollToTopDuration))
            let eased = 1 - (1 - progress) * (1 - progress)
            return from * (1 - eased)
        }
    }

    /// Whether the motion has come to rest by `time` (the viewport may also stop early at the content's end).
    public func isFinished(at time: SimTime) -> Bool {
        switch self {
        case let .drag(from, to, start, speed):
            return speed <= 0 || !speed.isFinite || Sim.milliseconds(max(0, time - start)) * speed >= abs(to - from)
        case let .flick(flick):
            return Sim.milliseconds(max(0, time - flick.start)) >= flick.durationMs
        case let .scrollToTop(_, start):
            return time - start >= Self.scrollToTopDuration
        }
    }

    /// How long a flick lasts: until |v₀| · dᵗ < 1 point per second.
    static func flickDurationMs(_ pointsPerMs: Double, _ deceleration: Double) -> Double {
        let perSecond = abs(pointsPerMs) * 1_000
        guard perSecond > 1, deceleration > 0, deceleration < 1 else { return 0 }
        return log(1 / perSecond) / log(deceleration)
    }
}
