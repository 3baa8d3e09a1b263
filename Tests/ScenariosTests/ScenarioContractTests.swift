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

}
