import Scenarios

/// What the fuzzer (Fuzz/) does with one input; the regression tests run
/// the inputs it found through the same function. Test support: not in the
/// `ListBench` library, not linked into `listbench`.
public enum ScenarioFuzzing {
    /// Decodes and validates `bytes`, formats the error when they are not a
    /// valid scenario, and otherwise generates the scenario and sets each
    /// sweep parameter to a few values (0, 1, 3, -1, 1e18).
    ///
    /// - Returns: whether the bytes were a valid scenario.
    /// - Complexity: one decode, one generation (linear in the expanded
    ///   world and data, both bounded by ``ScenarioLimits``), and five
    ///   settings per parameter.
    @discardableResult
    public static func exercise(_ bytes: [UInt8]) -> Bool {
        let scenario: Scenario
        do {
            scenario = try Scenario.decode(bytes)
        } catch {
            _ = error.description
            return false
        }
        let generated: GeneratedScenario
        do {
            generated = try scenario.generate()
        } catch {
            // A scenario decoding accepts is one generation takes: a refusal here is a bug to find.
            fatalError("decoding accepted a scenario that generation refuses: \(error)")
        }
        _ = generated.itemCount
        for parameter in ScenarioParameter.allCases {
            for value in ["0", "1", "3", "-1", "1e18"] {
                // A probe: most of these values are out of range for most
                // parameters, so a thrown ScenarioParameterError is expected;
                // the fuzzer looks only for crashes and hangs, and the error
                // texts are covered by the parameter tests.
                _ = try? scenario.setting(parameter, to: value)
            }
        }
        return true
    }
}
