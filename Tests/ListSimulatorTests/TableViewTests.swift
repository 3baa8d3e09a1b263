import Foundation
import ListDiff
@testable import ListSimulator
import Testing

@Suite("Table view")
struct TableViewTests {
    @Test func reuseKeepsCellsNearTheViewportOnly() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 1_000)
        let table = makeTable(sim, source)
        scrollToEnd(table, step: 30)
        // 10 rows visible (11 when straddling), plus the prefetch distance (110 pt: 3 rows) ahead.
        #expect(sim.counters.cellsCreated >= 10)
        #expect(sim.counters.cellsCreated <= 15)
        #expect(sim.counters.cellsCreated + sim.counters.cellsReused >= 1_000)
        #expect(table.visibleRows.last == ItemPath(section: 0, item: 999))
        #expect(table.checkInvariants().isEmpty)
    }

    @Test func reconfigureKeepsTheCellReloadReplacesIt() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 50)
        let table = makeTable(sim, source)
        let path = ItemPath(section: 0, item: 2)
        let original = try #require(table.cell(at: path))
        let reuses = original.reuses
        source.sections[0][2].version = 1
        table.reconfigureRows(at: [path])
        #expect(table.cell(at: path) === original)
        #expect(original.reuses == reuses)
        #expect(original.content?.key == ContentKey(item: 2, version: 1))

        source.sections[0][2].version = 2
        table.reloadRows(at: [path])
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
        let replacement = try #require(table.cell(at: path))
        #expect(replacement !== original)
        #expect(replacement.content?.key == ContentKey(item: 2, version: 2))
        #expect(sim.counters.unchangedCellsReloaded == 0)
    }

    @Test func reloadDataReconfiguresEveryVisibleCell() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 50)
        let table = makeTable(sim, source)
        let visible = table.visibleCells.count
        let configured = sim.counters.cellsConfigured
        let created = sim.counters.cellsCreated
        table.reloadData()
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
        #expect(sim.counters.cellsConfigured - configured >= visible)
        #expect(sim.counters.cellsCreated == created)
        // Nothing changed, so every visible cell torn down was rebuilt for nothing.
        #expect(sim.counters.unchangedCellsReloaded == visible)
    }

    @Test func batchUpdatesReadCountsWhenPerformedAndRecordTheCrash() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 11)
        let table = makeTable(sim, source)
        // The model gained a third row before this two-row batch ran: the classic crash.
        source.sections[0].insert(contentsOf: [(item: 100, version: 0), (item: 101, version: 0), (item: 102, version: 0)], at: 0)
        source.sections[0].removeLast(2)
        let update = BatchUpdate(
            deletedItems: [ItemPath(section: 0, item: 9), ItemPath(section: 0, item: 10)],
            insertedItems: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])
        sim.clock.run(until: Sim.ms(250))
        #expect(table.performBatchUpdates(update) == false)
        #expect(sim.inconsistencies == [Inconsistency(.invalidBatchUpdate, time: Sim.ms(250), message:
            "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (12) must be equal to the number of rows contained in that section before the update (11), plus or minus the number of rows inserted or deleted from that section (2 inserted, 2 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")])
    }

    @Test func validBatchKeepsCellsAndMovesContentBelowAnInsert() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 30)
        let table = makeTable(sim, source)
        table.setContentOffset(440)
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
        let top = try #require(table.cell(at: ItemPath(section: 0, item: 10)))
        source.sections[0].insert((500, 0), at: 0)
        #expect(table.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(section: 0, item: 0)])))
        #expect(table.cell(at: ItemPath(section: 0, item: 11)) === top)
        // A row inserted above the viewport pushes what is on screen down by its height.
        #expect(sim.counters.scrollJumpPoints == 44)
        #expect(table.checkInvariants().isEmpty)
    }

    @Test func selfSizingCorrectsContentSizeAsRowsAreMeasured() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 100)
        source.heights = { 60 + Double($0 % 3) * 20 }
        let table = makeTable(sim, source, rowHeight: .automatic(estimate: 44))
        let measuredBefore = sim.counters.heightsComputed
        #expect(measuredBefore > 0 && measuredBefore < 100)
        #expect(table.contentHeight > 100 * 44)
        scrollToEnd(table, step: 200)
        let exact = (0..<100).reduce(0.0) { $0 + 60 + Double($1 % 3) * 20 }
        #expect(table.contentHeight == exact)
        #expect(table.checkInvariants().isEmpty)
    }

    @Test func delegateHeightsWithoutEstimateAreAllAskedUpFront() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 1_200)
        _ = makeTable(sim, source, rowHeight: .delegate(estimate: nil))
        #expect(sim.counters.heightsComputed == 1_200)
    }
}

@Suite("Clock and memory")
struct ClockTests {
    @Test func fortyMillisecondTaskAtSixtyHertzIsOneHitchOfTwoFrames() throws {
        let sim = try makeSimulation()
        let clock = sim.clock
        var framesLeft = 6
        clock.frameHandler = { _ in
            framesLeft -= 1
            if framesLeft > 0 { clock.setNeedsDisplay() }
        }
        clock.async(.main) { clock.charge(Sim.ms(40)) }
        clock.setNeedsDisplay()
        clock.run(until: Sim.ms(500))
        // The frame due at 16.7 ms appears at the first vsync after 40 ms (50 ms): 2 intervals late.
        #expect(clock.frameStats.hitches == 1)
        #expect(clock.frameStats.hitchTime == 2 * clock.frameInterval)
        #expect(clock.frameStats.frames == 6)
        #expect(clock.mainBusy == Sim.ms(40))
    }

    @Test func backgroundMutationIsSeenByLaterMainWork() throws {
        let sim = try makeSimulation()
        let clock = sim.clock
        var model = [1, 2, 3]
        var seen: [Int] = []
        clock.async(.background(.utility)) {
            clock.charge(Sim.ms(1))
            clock.async(.main) { seen.append(model.count) }
        }
        clock.async(.background(.utility), after: Sim.ms(2)) { model.append(4) }
        clock.async(.main, after: Sim.ms(3)) { seen.append(model.count) }
        clock.run(until: Sim.ms(10))
        #expect(seen == [3, 4])
    }

    @Test func memoryPastTheLimitKillsTheApp() throws {
        let sim = try makeSimulation("iphone-6")
        let limit = Int(sim.device.memoryLimit.value)
        sim.clock.run(until: Sim.ms(5))
        sim.allocate(.decodedImage, limit)
        #expect(sim.ledger.killedAt == nil)
        #expect(sim.ledger.warnedAt == Sim.ms(5))
        sim.clock.run(until: Sim.ms(7))
        sim.allocate(.decodedImage, 1)
        #expect(sim.ledger.killedAt == Sim.ms(7))
        #expect(sim.hasFailed)
        #expect(sim.ledger.peak == limit + 1)
    }

    /// The ledger keeps each kind's total and peak inline, eight of them.
    @Test func theLedgerHoldsEveryMemoryKind() {
        #expect(MemoryKind.count == 8)
        #expect(MemoryKind.allCases.enumerated().allSatisfy { $0.offset == $0.element.index })
        var ledger = MemoryLedger(limit: 1 << 40, warningThreshold: 1 << 40)
        for (offset, kind) in MemoryKind.allCases.enumerated() { ledger.allocate(kind, offset + 1, at: 0) }
        ledger.free(.cell, 1, at: 1)
        #expect(ledger.byKind == Dictionary(uniqueKeysWithValues: MemoryKind.allCases.enumerated().map { ($0.element, $0.element == .cell ? 0 : $0.offset + 1) }))
        #expect(ledger.peakByKind == Dictionary(uniqueKeysWithValues: MemoryKind.allCases.enumerated().map { ($0.element, $0.offset + 1) }))
    }

    /// A cell and its views registered or removed in one call leave the
    /// ledger exactly as the two calls one after the other: totals, peaks,
    /// the series and the thresholds, over random sequences that cross both
    /// thresholds, with zero sizes, repeated times, times in a new bucket
    /// and times before the last sample.
    @Test func aPairOfChangesAtOnceIsTheTwoChangesInTurn() {
        let kinds = MemoryKind.allCases
        for seed in 0..<200 {
            var random = Seeded(state: UInt64(seed))
            var paired = MemoryLedger(limit: 60_000, warningThreshold: 40_000)
            var single = paired
            var time: SimTime = 0
            var held: [(MemoryKind, Int, MemoryKind, Int)] = []
            for _ in 0..<300 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: time += Int64.random(in: 1...250_000_000, using: &random)
                case 1: time -= Int64.random(in: 0...150_000_000, using: &random)
                case 2...3: time += Int64.random(in: 0...1_000_000, using: &random)
                default: break
                }
                let freeing = !held.isEmpty && Bool.random(using: &random)
                if freeing {
                    let (first, a, second, b) = held.remove(at: Int.random(in: 0..<held.count, using: &random))
                    paired.free(first, a, and: second, b, at: time)
                    single.free(first, a, at: time)
                    single.free(second, b, at: time)
                } else {
                    let first = kinds[Int.random(in: 0..<kinds.count, using: &random)]
                    let second = kinds[Int.random(in: 0..<kinds.count, using: &random)]
                    let a = Bool.random(using: &random) ? 0 : Int.random(in: 1...3_000, using: &random)
                    let b = Int.random(in: 0...2_000, using: &random)
                    paired.allocate(first, a, and: second, b, at: time)
                    single.allocate(first, a, at: time)
                    single.allocate(second, b, at: time)
                    held.append((first, a, second, b))
                }
                #expect(paired.total == single.total && paired.peak == single.peak, "seed \(seed)")
            }
            #expect(paired.series == single.series, "seed \(seed)")
            #expect(paired.byKind == single.byKind && paired.peakByKind == single.peakByKind, "seed \(seed)")
            #expect(paired.warnedAt == single.warnedAt && paired.killedAt == single.killedAt, "seed \(seed)")
        }
    }

    @Test func everyShippedDeviceIsValidAndCited() throws {
        for name in DeviceProfile.shippedNames {
            let device = try DeviceProfile.shipped(named: name)
            #expect(device.name == name)
            #expect(device.costs.allConstants.allSatisfy { !$0.1.source.isEmpty })
        }
        #expect(throws: DeviceProfileError.unknownDevice("iphone-99", known: DeviceProfile.shippedNames)) {
            try DeviceProfile.shipped(named: "iphone-99")
        }
        #expect(try DeviceProfile.standard().refreshRateHz == 60)
        #expect(try DeviceProfile.shipped(named: "iphone-15-pro").refreshRateHz == 120)
    }

    @Test func theIPhoneXIsTheThreeGigabyteClassOfSeedFivesCharts() throws {
        let x = try DeviceProfile.shipped(named: "iphone-x")
        #expect(x.screenWidth == 375 && x.screenHeight == 812 && x.scale == 3 && x.refreshRateHz == 60)
        #expect(x.memoryLimit.value == 1_392_000_000)
        #expect(x.iOS.range == 12...16 && x.iOSVersion == 12)
        // Memory constants are the same on every shipped phone; time constants scale with the CPU.
        let seven = try DeviceProfile.shipped(named: "iphone-7")
        #expect(x.costs.nodeBytes == seven.costs.nodeBytes && x.costs.textRendererBytes == seven.costs.textRendererBytes)
        #expect(x.costs.viewCreateMicroseconds.value < seven.costs.viewCreateMicroseconds.value)
    }
}

@Suite("Device profiles and scheduling")
struct DeviceProfileTests {
    @Test func userProfilesAreValidatedWithTheFieldNamed() throws {
        let shipped = try DeviceProfile.shipped(named: "iphone-7")
        var slow = shipped
        slow.refreshRateHz = 0
        #expect(throws: DeviceProfileError.outOfRange(field: "refreshRateHz", value: 0, allowed: "24.0...240.0")) {
            try slow.validate()
        }
        var uncited = shipped
        uncited.costs.viewCreateMicroseconds.source = " "
        #expect(throws: DeviceProfileError.missingSource(field: "costs.viewCreateMicroseconds")) {
            try uncited.validate()
        }
        #expect(throws: DeviceProfileError.malformed("missing key 'costs'")) {
            try DeviceProfile.decode(Data(#"{"name": "x", "summary": "", "screenWidth": 375, "screenHeight": 667, "scale": 2, "refreshRateHz": 60, "cpuCores": {"value": 2, "source": "s"}, "backgroundWorkers": 2, "iOS": {"default": 15, "minimum": 12, "maximum": 15, "source": "s"}, "memoryLimit": {"value": 1e9, "source": "s"}, "memoryWarningFraction": {"value": 0.8, "source": "s"}}"#.utf8))
        }
        #expect(throws: DeviceProfileError.malformed("not valid JSON: it ends in the middle of a value; is the file truncated?")) {
            try DeviceProfile.decode(Data("{".utf8))
        }
        var halfCore = shipped
        halfCore.cpuCores.value = 1.5
        #expect(throws: DeviceProfileError.outOfRange(field: "cpuCores.value", value: 1.5, allowed: "a whole number in 1...64")) {
            try halfCore.validate()
        }
        var tooOld = shipped
        tooOld.iOS.minimum = 10
        #expect(throws: DeviceProfileError.outOfRange(field: "iOS.minimum", value: 10, allowed: "12.0...99.0")) {
            try tooOld.validate()
        }
    }

    @Test func iOSVersionsStayInTheDevicesRange() throws {
        let iPhone7 = try DeviceProfile.shipped(named: "iphone-7")
        #expect(iPhone7.iOSVersion == 15)
        let older = try iPhone7.running(iOS: 14)
        #expect(older.iOSVersion == 14 && !older.isAvailable(iOS: 15) && older.isAvailable(iOS: 13))
        #expect(older.label == "iphone-7 (iOS 14)")
        #expect(throws: DeviceProfileError.iOSOutOfRange(device: "iphone-7", requested: 16, range: 12...15)) {
            try iPhone7.running(iOS: 16)
        }
        #expect(try DeviceProfile.shipped(named: "iphone-6").iOS.range == 12...12)
        #expect(try DeviceProfile.shipped(named: "iphone-15").iOSVersion == 17)
    }

    @Test func higherQualityOfServiceRunsFirst() throws {
        let sim = try makeSimulation()
        let clock = sim.clock
        var order: [String] = []
        // Occupy both workers, then queue work of three priorities behind them.
        clock.async(.background(.utility)) { clock.charge(Sim.ms(5)) }
        clock.async(.background(.utility)) { clock.charge(Sim.ms(5)) }
        clock.async(.background(.background), after: Sim.ms(1)) { order.append("background") }
        clock.async(.background(.utility), after: Sim.ms(1)) { order.append("utility") }
        clock.async(.background(.userInitiated), after: Sim.ms(2)) { order.append("userInitiated") }
        clock.run(until: Sim.ms(20))
        #expect(order == ["userInitiated", "utility", "background"])
    }
}

@Suite("Serial queues")
struct SerialQueueTests {
    @Test func serialTasksRunOneAtATimeInOrder() throws {
        let sim = try makeSimulation()
        let clock = sim.clock
        var log: [String] = []
        clock.async(.serial("q", .utility)) { clock.charge(Sim.ms(10)); log.append("a@\(clock.now)") }
        clock.async(.serial("q", .utility), after: Sim.ms(1)) { log.append("b@\(clock.now)") }
        clock.async(.background(.utility), after: Sim.ms(1)) { log.append("c@\(clock.now)") }
        clock.run(until: Sim.ms(50))
        // c runs on the other worker at 1 ms; b waits for a to finish at 10 ms.
        #expect(log == ["a@\(Sim.ms(10))", "c@\(Sim.ms(1))", "b@\(Sim.ms(10))"])
    }

    @Test func aTaskQueuedAfterTheLastOneRanStillWaitsForItsEnd() throws {
        let sim = try makeSimulation()
        let clock = sim.clock
        var log: [SimTime] = []
        clock.async(.serial("q", .utility)) { clock.charge(Sim.ms(30)) }
        clock.run(until: Sim.ms(5))
        // The first task has run (atomically at 0) but keeps its queue busy until 30 ms.
        clock.async(.serial("q", .utility)) { log.append(clock.now) }
        clock.run(until: Sim.ms(100))
        #expect(log == [Sim.ms(30)])
    }

    /// As `asyncAfter`: a delayed task joins its serial queue at its deadline,
    /// so it never holds back a task submitted later that is ready now.
    @Test func aTaskQueuedForLaterDoesNotHoldBackOneThatIsReady() throws {
        let sim = try makeSimulation()
        let clock = sim.clock
        var log: [String] = []
        clock.async(.serial("network", .utility), after: Sim.ms(5_000)) { log.append("world@\(clock.now)") }
        clock.async(.serial("network", .utility), after: Sim.ms(100)) { log.append("page@\(clock.now)") }
        clock.async(.serial("network", .utility)) { clock.charge(Sim.ms(20)); log.append("load@\(clock.now)") }
        #expect(clock.hasWork(readyBy: 0))
        clock.run(until: Sim.ms(50))
        // Work queued for later is not work ready now, until its time.
        #expect(!clock.hasWork(readyBy: Sim.ms(50)) && clock.hasWork(readyBy: Sim.ms(100)))
        clock.run(until: Sim.ms(10_000))
        #expect(log == ["load@\(Sim.ms(20))", "page@\(Sim.ms(100))", "world@\(Sim.ms(5_000))"])
    }

    /// A worker's task runs whole when it starts, so what it hands to main is
    /// ready only at its end: until then the app is not settled, and the
    /// clock names that end so a runner can look again there.
    @Test func aTaskStillRunningOnAWorkerIsWorkUntilItEnds() throws {
        let sim = try makeSimulation()
        let clock = sim.clock
        var handedOver: SimTime?
        clock.async(.background(.utility)) {
            clock.charge(Sim.ms(40))
            clock.async(.main) { handedOver = clock.now }
        }
        // A short main task at 5 ms leaves the clock there, mid-task on the worker.
        clock.async(.main, after: Sim.ms(5)) { clock.charge(Sim.ms(1)) }
        clock.step()
        clock.step()
        #expect(clock.now == Sim.ms(6))
        #expect(clock.hasWork(readyBy: clock.now))
        #expect(clock.nextWorkerEnd(after: clock.now) == Sim.ms(40))
        clock.run(until: Sim.ms(100))
        #expect(handedOver == Sim.ms(40))
        #expect(!clock.hasWork(readyBy: clock.now) && clock.nextWorkerEnd(after: clock.now) == nil)
    }
}

@Suite("Scroll jumps follow content")
struct ScrollJumpTests {
    /// A 50-row table scrolled to its eleventh row, laid out.
    private func scrolledTable() throws -> (Simulation, ListSource, TableView) {
        let sim = try makeSimulation()
        let source = ListSource(rows: 50)
        let table = makeTable(sim, source)
        table.setContentOffset(440)
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
        return (sim, source, table)
    }

    /// Positional identifiers (row-ids' `post(i)`): a post arrives at the top,
    /// the rows stay where they are, and every visible row is reconfigured to
    /// show the post before it. The rows did not move; the content did, by one
    /// row, and that is what the user sees jump.
    @Test func aTopInsertShownThroughReconfiguredRowsIsAJumpOfOneRow() throws {
        let (sim, source, table) = try scrolledTable()
        let before = sim.counters.scrollJumpPoints
        // The model gains post 1000 at the top; positions keep their identifiers, so the
        // app appends one row at the end and reconfigures the others with their new posts.
        source.sections[0].insert((1_000, 0), at: 0)
        table.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(section: 0, item: 50)]))
        table.reconfigureRows(at: table.visibleRowRange.map { ItemPath(section: 0, item: $0) })
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
        #expect(sim.counters.scrollJumpPoints - before == 44)
    }

    /// The same insert with identifiers that follow the posts (a real insert
    /// at row 0, above the viewport): the content moves down one row too.
    @Test func aTopInsertAboveTheViewportIsAJumpOfOneRow() throws {
        let (sim, source, table) = try scrolledTable()
        let before = sim.counters.scrollJumpPoints
        source.sections[0].insert((1_000, 0), at: 0)
        table.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(section: 0, item: 0)]))
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
        #expect(sim.counters.scrollJumpPoints - before == 44)
    }

    /// Scrolling between a change and the next layout pass is the user's, not a jump.
    @Test func userScrollingIsNotAJump() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 50)
        let table = makeTable(sim, source)
        let before = sim.counters.scrollJumpPoints
        source.sections[0][3].version = 1
        table.reloadData()
        table.setContentOffset(100)
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
        #expect(sim.counters.scrollJumpPoints == before)
    }
}

/// What a reload makes UIKit do, row by row (part of issue 15).
@Suite("Reload's per-row costs")
struct ReloadCostTests {
    /// Main-thread time of one `reloadData` of a table of `rows` rows.
    static func reloadCost(rows: Int, rowHeight: RowHeight, estimatesEveryRow: Bool = false) throws -> (SimTime, Int) {
        let sim = try makeSimulation()
        let source = ListSource(rows: rows)
        let table = makeTable(sim, source, rowHeight: rowHeight)
        table.asksEstimatedHeightForEveryRow = estimatesEveryRow
        table.delegate = source
        let before = sim.clock.mainBusy
        let asked = source.estimatesAsked
        table.reloadData()
        return (sim.clock.mainBusy - before, source.estimatesAsked - asked)
    }

    @Test func aLongerTableCostsMoreToReload() throws {
        let costs = try DeviceProfile.shipped(named: "iphone-7").costs
        let (short, _) = try Self.reloadCost(rows: 1_000, rowHeight: .automatic(estimate: 44))
        let (long, _) = try Self.reloadCost(rows: 101_000, rowHeight: .automatic(estimate: 44))
        // The geometry of 100,000 more rows, nothing else.
        #expect(long - short == Sim.us(100_000 * costs.rowGeometryPerRowMicroseconds.value))
    }

    @Test func estimatedHeightForRowAtIsAskedForEveryRowWhenImplemented() throws {
        let costs = try DeviceProfile.shipped(named: "iphone-7").costs
        let (plain, none) = try Self.reloadCost(rows: 5_000, rowHeight: .automatic(estimate: 44))
        let (asking, asked) = try Self.reloadCost(rows: 5_000, rowHeight: .automatic(estimate: 44), estimatesEveryRow: true)
        #expect(none == 0)
        #expect(asked == 5_000)
        #expect(asking - plain == Sim.us(5_000 * costs.delegateCallMicroseconds.value))
    }

    @Test func heightForRowAtIsAskedForEveryRowWithoutAnEstimate() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 3_000)
        let table = makeTable(sim, source, rowHeight: .delegate(estimate: nil))
        let heights = sim.counters.heightsComputed
        table.reloadData()
        #expect(sim.counters.heightsComputed - heights == 3_000)
    }
}
