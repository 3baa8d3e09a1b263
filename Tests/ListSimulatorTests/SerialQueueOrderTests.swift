@testable import ListSimulator
import Testing

@Suite("Serial queue order")
struct SerialQueueOrderTests {
    /// Many tasks on one serial queue run one at a time, in the order they
    /// were submitted, with tasks submitted while the queue drains (by the
    /// queue's own tasks) joining the end.
    @Test func manyTasksOnASerialQueueRunInSubmissionOrder() {
        let clock = SimClock(frameInterval: Sim.ms(16), workers: 3)
        var order: [Int] = []
        var ends: [SimTime] = []
        var next = 0
        func submit() {
            let number = next
            next += 1
            clock.async(.serial("q", .utility)) {
                clock.charge(Sim.ms(1))
                order.append(number)
                ends.append(clock.now)
                // Every tenth task queues two more behind everything waiting.
                if number % 10 == 0, next < 3_000 {
                    submit()
                    submit()
                }
            }
        }
        for _ in 0..<2_000 { submit() }
        clock.run(until: Sim.ms(10_000))
        #expect(order == Array(0..<next))
        #expect(next > 2_000)
        // One at a time: each ends a full task after the one before.
        #expect(zip(ends, ends.dropFirst()).allSatisfy { $1 - $0 == Sim.ms(1) })
    }

    /// The waiting list itself: appends and takes interleaved, as a plain array would give them.
    @Test func theFIFOGivesElementsInTheOrderTheyCame() {
        var fifo = FIFO<Int>()
        var expected: [Int] = []
        var taken: [Int] = []
        var value = 0
        for round in 0..<500 {
            for _ in 0..<(round % 7) {
                fifo.append(value)
                expected.append(value)
                value += 1
            }
            for _ in 0..<(round % 5) {
                if let first = fifo.popFirst() { taken.append(first) }
            }
            #expect(fifo.count == expected.count - taken.count)
        }
        while let first = fifo.popFirst() { taken.append(first) }
        #expect(taken == expected)
        #expect(fifo.isEmpty && fifo.popFirst() == nil)
    }
}
