import ListData
import ListSimulator

/// A run's figures in ``ByteWriter``'s compact form, for an isolated
/// worker's result file: every field, the series included. Its JSON took a
/// tenth of an isolated `--uncertainty` compare's CPU on the two sides
/// (docs/performance.md). The format is private to one build (a parent and
/// its workers are the same binary); the result file carries its magic
/// number and version.
extension RunMetrics {
    /// Writes every field in declaration order (the order ``init(from:)`` reads them in).
    ///
    /// - Complexity: O(size of the figures, series included).
    public func encode(to writer: inout ByteWriter) {
        writer.write(status.rawValue)
        writer.write(byte: boundReached.map { $0 == .virtualTime ? 1 : 2 } ?? 0)
        writer.write(timeToFirstFrameMs)
        writer.write(completionMs)
        writer.write(mainThreadBusyMs)
        writer.write(mainThreadWaitingMs)
        writer.write(backgroundBusyMs)
        writer.write(frames)
        writer.write(hitches)
        writer.write(hitchTimeMs)
        writer.write(hitchRatioMsPerS)
        writer.write(hitchRating.rawValue)
        writer.write(worstFrameMs)
        writer.write(optional: hangs)
        writer.write(hangTimeMs)
        writer.write(longestHangMs)
        writer.write(cellsCreated)
        writer.write(cellsReused)
        writer.write(cellsConfigured)
        writer.write(heightsComputed)
        writer.write(nodesAllocated)
        writer.write(diffedItems)
        writer.write(peakMemoryBytes)
        writer.write(finalMemoryBytes)
        writer.write(killed)
        writer.write(killedAtMs)
        writer.write(memorySeries) { writer, sample in
            writer.write(Int(sample.time))
            writer.write(sample.bytes)
        }
        writer.write(frameSeries) { writer, frame in
            writer.write(Int(frame.time))
            writer.write(Int(frame.duration))
        }
        writer.write(inconsistencies)
        writer.write(optional: firstInconsistency)
        writer.write(staleRows)
        writer.write(scrollJumpPoints)
        writer.write(unchangedCellsReloaded)
        writer.write(optional: rowsDisplayed)
        writer.write(optional: rowsNeverDisplayed)
        writer.write(optional: misSizedRows)
        writer.write(optional: breakdown) { writer, breakdown in
            Self.write(breakdown.main, to: &writer)
            Self.write(breakdown.background, to: &writer)
        }
        writer.write(optional: hitchCauses) { writer, shares in Self.write(shares, to: &writer) }
        writer.write(optional: worstFrameCause?.rawValue)
        writer.write(optional: hitchTriggers) { writer, times in
            writer.write(times) { writer, time in
                writer.write(time.trigger.description)
                writer.write(time.ms)
            }
        }
        writer.write(optional: worstFrameTrigger?.description)
        writer.write(optional: loggedMessages)
        writer.write(optional: firstLoggedMessage)
        writer.write(optional: missedScrollTargets) { writer, targets in writer.write(targets) { writer, text in writer.write(text) } }
    }

    /// Reads back what ``encode(to:)`` wrote.
    ///
    /// - Throws: when the bytes end early or hold a value no field of this build has.
    public init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        // Arguments are evaluated left to right: the fields in declaration order.
        self.init(
            status: try reader.raw(RunStatus.self),
            boundReached: try reader.bound(),
            timeToFirstFrameMs: try reader.optionalDouble(),
            completionMs: try reader.optionalDouble(),
            mainThreadBusyMs: try reader.double(),
            mainThreadWaitingMs: try reader.optionalDouble(),
            backgroundBusyMs: try reader.double(),
            frames: try reader.int(),
            hitches: try reader.int(),
            hitchTimeMs: try reader.double(),
            hitchRatioMsPerS: try reader.double(),
            hitchRating: try reader.raw(HitchRating.self),
            worstFrameMs: try reader.double(),
            hangs: try reader.optionalInt(),
            hangTimeMs: try reader.optionalDouble(),
            longestHangMs: try reader.optionalDouble(),
            cellsCreated: try reader.int(),
            cellsReused: try reader.int(),
            cellsConfigured: try reader.int(),
            heightsComputed: try reader.int(),
            nodesAllocated: try reader.int(),
            diffedItems: try reader.int(),
            peakMemoryBytes: try reader.int(),
            finalMemoryBytes: try reader.int(),
            killed: try reader.bool(),
            killedAtMs: try reader.optionalDouble(),
            memorySeries: try reader.array { reader throws(BinaryDecodingError) in MemorySample(time: SimTime(try reader.int()), bytes: try reader.int()) },
            frameSeries: try reader.array { reader throws(BinaryDecodingError) in FrameSample(time: SimTime(try reader.int()), duration: SimTime(try reader.int())) },
            inconsistencies: try reader.int(),
            firstInconsistency: try reader.optionalString(),
            staleRows: try reader.int(),
            scrollJumpPoints: try reader.double(),
            unchangedCellsReloaded: try reader.int(),
            rowsDisplayed: try reader.optionalInt(),
            rowsNeverDisplayed: try reader.optionalInt(),
            misSizedRows: try reader.optionalInt(),
            breakdown: try reader.optional { reader throws(BinaryDecodingError) in try reader.breakdown() },
            hitchCauses: try reader.optional { reader throws(BinaryDecodingError) in try reader.shares() },
            worstFrameCause: try reader.optional { reader throws(BinaryDecodingError) in try reader.raw(CostCategory.self) },
            hitchTriggers: try reader.optional { reader throws(BinaryDecodingError) in try reader.triggerTimes() },
            worstFrameTrigger: try reader.optional { reader throws(BinaryDecodingError) in try reader.trigger() },
            loggedMessages: try reader.optionalInt(),
            firstLoggedMessage: try reader.optionalString(),
            missedScrollTargets: try reader.optional { reader throws(BinaryDecodingError) in
                try reader.array { reader throws(BinaryDecodingError) in try reader.string() }
            }
        )
    }

    private static func write(_ shares: [CostBreakdown.CategoryShare], to writer: inout ByteWriter) {
        writer.write(shares) { writer, share in
            writer.write(share.category.rawValue)
            writer.write(share.ms)
        }
    }
}

extension ByteReader {
    mutating func bound() throws(BinaryDecodingError) -> RunBound? {
        switch try byte() {
        case 0: return nil
        case 1: return .virtualTime
        case 2: return .steps
        case let other: throw failure("\(other) is not a run bound")
        }
    }

    /// A ``Trigger`` written as its text (``Trigger/description``).
    mutating func trigger() throws(BinaryDecodingError) -> Trigger {
        let text = try string()
        guard let trigger = Trigger(text: text) else { throw failure("'\(text)' is not a trigger of this build") }
        return trigger
    }

    mutating func shares() throws(BinaryDecodingError) -> [CostBreakdown.CategoryShare] {
        try array { reader throws(BinaryDecodingError) in
            CostBreakdown.CategoryShare(category: try reader.raw(CostCategory.self), ms: try reader.double())
        }
    }

    mutating func breakdown() throws(BinaryDecodingError) -> CostBreakdown {
        var breakdown = CostBreakdown(main: CategoryTimes(), background: CategoryTimes())
        breakdown.main = try shares()
        breakdown.background = try shares()
        return breakdown
    }

    mutating func triggerTimes() throws(BinaryDecodingError) -> [TriggerTime] {
        try array { reader throws(BinaryDecodingError) in
            TriggerTime(try reader.trigger(), ms: try reader.double())
        }
    }
}
