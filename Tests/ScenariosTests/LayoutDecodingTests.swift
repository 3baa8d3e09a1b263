import ListSimulator
@testable import Scenarios
import Testing

/// `data.layout`: lists, grids and section headers, and what is refused.
@Suite("Layouts in the scenario format")
struct LayoutDecodingTests {
    /// A scenario of two sections whose `data` has `layout` (none: no `layout` key).
    private func scenario(version: Int = 2, layout: String?, anchor: String = "top") throws(ScenarioError) -> Scenario {
        let layoutKey = layout.map { "\"layout\": \($0), " } ?? ""
        return try Scenario.decode(Array("""
        {"version": \(version), "name": "l", "description": "d", "seed": 1,
         "data": {"anchor": "\(anchor)", \(layoutKey)"sections": [{"id": "a", "generate": 30}, {"id": "b", "generate": 30}]},
         "steps": [{"kind": "scroll", "to": "end"}]}
        """.utf8))
    }

    @Test func aGridWithHeadersDecodesAndGenerates() throws {
        let decoded = try scenario(layout: #"{"kind": "grid", "columns": 3, "itemAspect": 0.75, "spacing": 2, "headerHeight": 40}"#)
        #expect(decoded.grid == GridLayout(columns: 3, itemAspect: 0.75, spacing: 2))
        #expect(decoded.sectionHeaderHeight == 40)
        let generated = try decoded.generate()
        #expect(generated.grid == decoded.grid && generated.sectionHeaderHeight == 40)
        // The binary form carries both (what an isolated run's worker reads).
        #expect(try GeneratedScenario(decoding: generated.encoded()) == generated)
        let list = try scenario(layout: #"{"kind": "list", "headerHeight": 28}"#)
        #expect(list.grid == nil && list.sectionHeaderHeight == 28)
    }

    /// A list written out is the list without a layout: the same generated
    /// scenario and digest (baselines of files without the key still match);
    /// a grid or headers change the digest.
    @Test func aPlainListLeavesTheDigestAsItWas() throws {
        let written = try scenario(layout: #"{"kind": "list"}"#).generate()
        let absent = try scenario(layout: nil).generate()
        #expect(written == absent && written.inputDigest == absent.inputDigest)
        #expect(try scenario(version: 1, layout: #"{"kind": "list"}"#).versionTwoKeys.isEmpty)
        let headed = try scenario(layout: #"{"kind": "list", "headerHeight": 20}"#).generate()
        let grid = try scenario(layout: #"{"kind": "grid", "columns": 3}"#).generate()
        #expect(Set([absent.inputDigest, headed.inputDigest, grid.inputDigest]).count == 3)
    }

    @Test func badLayoutsAreRefusedAtTheirPath() {
        func message(_ layout: String, version: Int = 2, anchor: String = "top") -> String {
            do {
                _ = try scenario(version: version, layout: layout, anchor: anchor)
                return "accepted"
            } catch {
                return error.description
            }
        }
        #expect(message(#"{"kind": "grid", "columns": 1}"#).contains("data.layout.columns"))
        #expect(message(#"{"kind": "grid", "columns": 13}"#).contains("allowed 2...12"))
        #expect(message(#"{"kind": "grid"}"#).contains("missing required key 'columns'"))
        #expect(message(#"{"kind": "list", "columns": 3}"#).contains("columns"))
        #expect(message(#"{"kind": "list", "headerHeight": 201}"#).contains("data.layout.headerHeight"))
        #expect(message(#"{"kind": "grid", "columns": 3}"#, version: 1).contains("version 1 has no 'data.layout'"))
        #expect(message(#"{"kind": "grid", "columns": 3}"#, anchor: "bottom").contains("not modeled"))
        #expect(message(#"{"kind": "list", "headerHeight": 30}"#, anchor: "bottom").contains("not modeled"))
    }
}
