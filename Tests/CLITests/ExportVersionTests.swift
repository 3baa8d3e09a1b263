import Foundation
import Profiler
import Testing

/// Every export names the tool and model versions, and JSON names its units (issue 27).
@Suite("Export versions and units")
struct ExportVersionTests {
    private let detail = root.appendingPathComponent("Scenarios/restaurant-detail-load.json").path

    @Test func everyExportCarriesTheVersionsAndJSONItsUnits() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = { (name: String) in folder.appendingPathComponent(name).path }
        let result = try listbench(["run", detail, "--strategy", "reload", "--quiet", "--export-json", file("r.json"), "--export-csv", file("r.csv"),
                                    "--export-markdown", file("r.md"), "--export-html", file("r.html")])
        #expect(result.status == 0, "\(result.err)")
        let model = ListBenchVersion.model, tool = ListBenchVersion.tool
        let line = "Made by listbench \(tool), model \(model)."
        #expect(try String(contentsOfFile: file("r.md"), encoding: .utf8).hasPrefix("# listbench report\n\n\(line)\n"))
        #expect(try String(contentsOfFile: file("r.html"), encoding: .utf8).contains("<p>\(line)</p>"))
        // CSV: two last columns, the same on every row (a comment line would break CSV readers).
        let rows = try String(contentsOfFile: file("r.csv"), encoding: .utf8).split(separator: "\r\n")
        #expect(rows.first?.hasSuffix(",toolVersion,modelVersion") == true)
        #expect(rows.dropFirst().allSatisfy { $0.hasSuffix(",\(tool),\(model)") })
        // JSON: the versions, and a unit for every metric and both series' fields.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file("r.json")))) as? [String: Any])
        #expect(json["toolVersion"] as? String == tool && json["modelVersion"] as? String == model)
        let units = try #require(json["units"] as? [String: String])
        #expect(units["scenarios[].results[].metrics.memorySeries[].time"] == "ns (virtual time)")
        #expect(units["scenarios[].results[].metrics.memorySeries[].bytes"] == "bytes")
        #expect(units["scenarios[].results[].metrics.frameSeries[].duration"]?.hasPrefix("ns") == true)
        #expect(units["scenarios[].results[].metrics.completionMs"] == "ms")
        #expect(units["scenarios[].results[].metrics.peakMemoryBytes"] == "bytes")
        #expect(units["scenarios[].results[].measured.wallMs.{median,p90,min,max,mad}"] == "ms")
        // compare's and sweep's Markdown end with the same line.
        let compared = try listbench(["compare", "reload", "texture", detail, "--format", "markdown", "--quiet"])
        #expect(compared.status == 0 && compared.out.hasSuffix("\n\(line)\n"), "\(compared.out)")
        let swept = try listbench(["sweep", detail, "--set", "device=iphone-15,iphone-x", "--strategy", "reload", "--format", "markdown", "--quiet"])
        #expect(swept.status == 0 && swept.out.hasSuffix("\n\(line)\n"), "\(swept.out)")
        for metric in MetricID.allCases {
            #expect(units.keys.contains { $0.hasSuffix(".\(metric.rawValue)") || $0.contains(".\(metric.rawValue).") }, "\(metric)")
        }
    }
}
