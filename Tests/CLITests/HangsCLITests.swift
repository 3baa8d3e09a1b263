import Foundation
import Testing

/// Hangs on the command line: `run --columns all`, CSV, JSON and `compare`.
@Suite("Hangs on the command line")
struct HangsCLITests {
    private let detail = root.appendingPathComponent("Scenarios/restaurant-detail-load.json").path

    @Test func hangsAreInEveryOutput() throws {
        let table = try listbench(["run", detail, "--strategy", "reload", "--repetitions", "0", "--columns", "all"])
        #expect(table.status == 0, "\(table.err)")
        let header = try #require(table.out.split(separator: "\n").dropFirst().first)
        #expect(header.contains("hangs") && header.contains("hang ms") && header.contains("longest hang ms"), "\(header)")

        let csv = try listbench(["run", detail, "--strategy", "reload", "--repetitions", "0", "--format", "csv"])
        let columns = try #require(csv.out.split(separator: "\r\n").first).split(separator: ",")
        #expect(columns.contains("hangs") && columns.contains("hangTimeMs") && columns.contains("longestHangMs"))

        let json = try listbench(["run", detail, "--strategy", "reload", "--repetitions", "0", "--format", "json"])
        #expect(json.out.contains(#""hangs" : "#) && json.out.contains(#""hangTimeMs" : "#) && json.out.contains(#""longestHangMs" : "#))

        let compare = try listbench(["compare", "reload", "row-ids", detail, "--repetitions", "0"])
        #expect(compare.status == 0, "\(compare.err)")
        for name in ["hangs (count)", "hangTimeMs (ms)", "longestHangMs (ms)"] { #expect(compare.out.contains(name), "\(name)") }
    }
}
