import Foundation
import ListData
import ListSimulator
import Testing

/// A shipped profile's JSON as a mutable tree.
private func tree(_ name: String = "iphone-15") throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(try DeviceProfile.shippedJSON(named: name).utf8)) as? [String: Any])
}

/// The message a profile file gets, or nil when it decodes.
private func problem(_ object: [String: Any]) throws -> String? {
    do {
        _ = try DeviceProfile.decode(try JSONSerialization.data(withJSONObject: object))
        return nil
    } catch {
        return String(describing: error)
    }
}

/// The tree with one cost constant's uncertainty replaced (nil removes it).
private func with(_ key: String, uncertainty: [String: Any]?, in name: String = "iphone-15") throws -> [String: Any] {
    var object = try tree(name)
    var costs = try #require(object["costs"] as? [String: Any])
    var constant = try #require(costs[key] as? [String: Any])
    constant["uncertainty"] = uncertainty
    costs[key] = constant
    object["costs"] = costs
    return object
}

/// Device-profile uncertainties (issue 27): every shipped constant has one,
/// they are validated, and plausible devices are drawn from them deterministically.
@Suite("Device profile uncertainty")
struct UncertaintyTests {
    @Test func everyShippedConstantHasAnUncertaintyAroundItsValue() throws {
        #expect(DeviceProfile.uncertainFields.map(\.field).dropFirst(2).elementsEqual(
            try DeviceProfile.standard().costs.allConstants.map(\.0)))
        for name in DeviceProfile.shippedNames {
            let profile = try DeviceProfile.shipped(named: name)
            try profile.requireUncertainties()
            for (field, path, _) in DeviceProfile.uncertainFields {
                let cited = profile[keyPath: path]
                let bounds = try #require(cited.uncertainty?.bounds(around: cited.value), "\(name) \(field)")
                #expect(bounds.contains(cited.value) && bounds.lowerBound > 0, "\(name) \(field)")
            }
        }
    }

    @Test func drawsAreDeterministicWithinRangesAndDependOnlyOnSeedAndIndex() throws {
        let profile = try DeviceProfile.standard()
        let first = (0..<20).map { profile.plausible(draw: $0, seed: 27) }
        // Again, and in another order: draw i is the same.
        #expect((0..<20).reversed().map { profile.plausible(draw: $0, seed: 27) }.reversed() == first)
        #expect(profile.plausible(draw: 3, seed: 28) != first[3])
        #expect(Set(first.map(\.valuesDigest)).count == 20)
        for drawn in first {
            try drawn.validate()
            #expect(drawn.name == profile.name && drawn.cpuCores == profile.cpuCores && drawn.screenWidth == profile.screenWidth)
            for (field, path, _) in DeviceProfile.uncertainFields {
                let bounds = try #require(profile[keyPath: path].uncertainty?.bounds(around: profile[keyPath: path].value))
                #expect(bounds.contains(drawn[keyPath: path].value), "\(field)")
            }
        }
        // The canonical values of the profile itself (normal runs) do not involve the ranges.
        var bare = profile
        for (_, path, _) in DeviceProfile.uncertainFields { bare[keyPath: path].uncertainty = nil }
        #expect(bare.canonicalValues == profile.canonicalValues && bare.rangesDigest != profile.rangesDigest)
    }

    @Test func aProfileWithoutUncertaintiesLoadsButIsRefusedForUncertaintyWithItsFieldNamed() throws {
        let object = try with("nibDecodePerViewMicroseconds", uncertainty: nil)
        #expect(try problem(object) == nil)
        let profile = try DeviceProfile.decode(try JSONSerialization.data(withJSONObject: object))
        #expect(throws: DeviceProfileError.noUncertainty(device: "iphone-15", field: "costs.nibDecodePerViewMicroseconds")) {
            try profile.requireUncertainties()
        }
        // Drawn anyway (in a library caller), the constant keeps its value.
        #expect(profile.plausible(draw: 0, seed: 1).costs.nibDecodePerViewMicroseconds.value == 21)
    }

    @Test func badUncertaintiesAreRefusedWithTheirPath() throws {
        let key = "textMeasurePerLineMicroseconds"  // value 15.75 on iphone-15
        #expect(try problem(try with(key, uncertainty: ["low": 16, "high": 20, "source": "x"]))
            == "device profile: costs.\(key).uncertainty.low is 16.0, allowed at most the value, 15.75")
        #expect(try problem(try with(key, uncertainty: ["low": 10, "high": 15, "source": "x"]))
            == "device profile: costs.\(key).uncertainty.high is 15.0, allowed at least the value, 15.75")
        #expect(try problem(try with(key, uncertainty: ["factor": 0.5, "source": "x"]))
            == "device profile: costs.\(key).uncertainty.factor is 0.5, allowed 1...1000")
        #expect(try problem(try with(key, uncertainty: ["factor": 2, "source": " "]))
            == "device profile: costs.\(key).uncertainty has no source; cite a figure or write 'estimate: <reasoning>'")
        #expect(try problem(try with(key, uncertainty: ["factor": 2, "low": 1, "high": 20, "source": "x"]))
            == "malformed device profile: 'costs.\(key).uncertainty' gives either 'low' and 'high', or 'factor', with a 'source'")
        #expect(try problem(try with(key, uncertainty: ["low": 0, "high": 20, "source": "x"]))
            == "device profile: costs.\(key).uncertainty.low is 0.0, allowed above 0 (draws are log-uniform), or a range of 0...0")
        #expect(try problem(try with(key, uncertainty: ["factor": 2, "sorce": "x"]))?.contains("sorce") == true)
        var cores = try tree()
        var cpu = try #require(cores["cpuCores"] as? [String: Any])
        cpu["uncertainty"] = ["factor": 2, "source": "x"]
        cores["cpuCores"] = cpu
        #expect(try problem(cores)?.contains("cpuCores.uncertainty") == true)
        #expect(try problem(try with(key, uncertainty: ["factor": 1, "source": "exact: a measured figure"])) == nil)
    }
}
