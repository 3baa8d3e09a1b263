import Foundation
@testable import Scenarios
import Testing

@Suite("Optional and unreadable values")
struct ScenarioContractTests {
    @Test func aScenarioWithoutReproducesDecodes() throws {
        let scenario = try Scenario.decode(Array(document(["reproduces": nil]).utf8))
        #expect(scenario.reproduces == nil)
        #expect(try Scenario.decode(Array(document().utf8)).reproduces == "r")
    }

    @Test func aFileWithoutASizeIsUnreadableNotEmpty() throws {
        #expect(throws: ScenarioError.unreadable("the file system reports no size for it")) { try ScenarioFile.size([:]) }
        #expect(try ScenarioFile.size([.size: NSNumber(value: 42)]) == 42)
        #expect(ScenarioError.unreadable("the file system reports no size for it").description
            == "cannot read the file: the file system reports no size for it")
    }
}
