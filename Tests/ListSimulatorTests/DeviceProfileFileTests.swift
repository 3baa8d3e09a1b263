import Foundation
import ListData
import ListSimulator
import Testing

/// A shipped profile's JSON as a mutable tree, for editing one value.
private func shippedJSON(_ name: String = "iphone-15") throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(try DeviceProfile.shippedJSON(named: name).utf8)) as? [String: Any])
}

private func decoded(_ object: [String: Any]) throws -> DeviceProfile {
    try DeviceProfile.decode(try JSONSerialization.data(withJSONObject: object))
}

/// The message a profile file gets, or nil when it decodes.
private func problem(_ object: [String: Any]) throws -> String? {
    do {
        _ = try decoded(object)
        return nil
    } catch {
        return String(describing: error)
    }
}

/// Profile files are decoded as strictly as scenarios: one message naming the
/// JSON path of the first problem, unknown keys refused with a suggestion.
@Suite("Device profile files")
struct DeviceProfileFileTests {
    @Test func everyShippedProfileStillLoads() throws {
        for name in DeviceProfile.shippedNames {
            #expect(try DeviceProfile.shipped(named: name).name == name)
            // The file as it is in the package decodes with the strict decoder too.
            #expect(try decoded(try shippedJSON(name)).name == name)
        }
    }

    @Test func aFractionalWorkerCountIsNamedNotCalledInvalidJSON() throws {
        var profile = try shippedJSON()
        profile["backgroundWorkers"] = 2.5
        #expect(try problem(profile) == "malformed device profile: at 'backgroundWorkers': expected a whole number, found 2.5")
        // An integral fraction is a whole number.
        profile["backgroundWorkers"] = 2.0
        #expect(try decoded(profile).backgroundWorkers == 2)
    }

    @Test func wrongKindsAreNamedWithTheirKeyPath() throws {
        var profile = try shippedJSON()
        var costs = try #require(profile["costs"] as? [String: Any])
        costs["viewBytes"] = ["value": "12", "source": "s"]
        profile["costs"] = costs
        #expect(try problem(profile) == #"malformed device profile: at 'costs.viewBytes.value': expected a number, found text "12""#)
        var flat = try shippedJSON()
        flat["iOS"] = 17
        #expect(try problem(flat) == "malformed device profile: at 'iOS': expected an object, found 17")
        var named = try shippedJSON()
        named["name"] = true
        #expect(try problem(named) == "malformed device profile: at 'name': expected text, found true")
    }

    @Test func unknownKeysAreRefusedWithTheNearestSuggested() throws {
        var extra = try shippedJSON()
        extra["refreshRate"] = 60
        let message = try #require(try problem(extra))
        #expect(message.hasPrefix("malformed device profile: unknown key 'refreshRate'; did you mean 'refreshRateHz'? (allowed here: backgroundWorkers, costs, "),
                "\(message)")
        #expect(!message.contains("selectedIOS"), "\(message)")
        // A misspelt required key is named as the unknown key it is, not as the missing one.
        var typo = try shippedJSON()
        var costs = try #require(typo["costs"] as? [String: Any])
        costs["viewBytez"] = costs.removeValue(forKey: "viewBytes")
        typo["costs"] = costs
        #expect(try problem(typo) == "malformed device profile: unknown key 'costs.viewBytez'; did you mean 'viewBytes'?")
        var nested = try shippedJSON()
        var iOS = try #require(nested["iOS"] as? [String: Any])
        iOS["latest"] = 26
        nested["iOS"] = iOS
        #expect(try problem(nested)?.hasPrefix("malformed device profile: unknown key 'iOS.latest'") == true)
        // The version a run uses comes from --ios, never from the file.
        var chosen = try shippedJSON()
        chosen["selectedIOS"] = 18
        #expect(try problem(chosen)?.contains("unknown key 'selectedIOS'") == true)
    }

    @Test func aTruncatedOrEmptyProfileSaysSo() throws {
        let bytes = try JSONSerialization.data(withJSONObject: try shippedJSON())
        #expect(throws: DeviceProfileError.malformed("not valid JSON: it ends in the middle of a value; is the file truncated?")) {
            try DeviceProfile.decode(bytes.prefix(bytes.count / 2))
        }
        #expect(throws: DeviceProfileError.malformed("not valid JSON: the file is empty")) { try DeviceProfile.decode(Data()) }
    }

    /// The digest a report records covers every value (a copy under the same
    /// name with one value changed differs), and nothing else (a copy with
    /// another name, summary or source does not).
    @Test func theValuesDigestCoversEveryValueAndOnlyValues() throws {
        let shipped = try DeviceProfile.shipped(named: "iphone-15")
        var renamed = shipped
        renamed.name = "my-phone"
        renamed.summary = "mine"
        renamed.costs.viewBytes.source = "my own measurement"
        #expect(renamed.valuesDigest == shipped.valuesDigest)
        #expect(try shipped.running(iOS: 18).valuesDigest != shipped.valuesDigest)
        // Every number in the file but the uncertainties, changed one at a time, changes the digest.
        let json = try shippedJSON()
        var changed = 0
        func visit(_ object: [String: Any], path: [String]) throws {
            for (key, value) in object {
                if let inner = value as? [String: Any] {
                    try visit(inner, path: path + [key])
                } else if let number = value as? NSNumber {
                    let edited = set(json, path: path + [key], to: number.doubleValue + 1)
                    let data = try JSONSerialization.data(withJSONObject: edited)
                    let profile = try JSONDecoder().decode(DeviceProfile.self, from: data)
                    if path.last == "uncertainty" {
                        // A range shapes only --uncertainty's draws (issue 27), not a run on the profile itself.
                        #expect(profile.valuesDigest == shipped.valuesDigest && profile.rangesDigest != shipped.rangesDigest)
                        continue
                    }
                    #expect(profile.valuesDigest != shipped.valuesDigest, "\((path + [key]).joined(separator: "."))")
                    changed += 1
                }
            }
        }
        try visit(json, path: [])
        // Screen (4), cores, workers, iOS (3), memory limit and warning fraction, and every cost.
        #expect(changed == 11 + shipped.costs.allConstants.count, "numbers in the file: \(changed)")
    }
}

/// `object` with the value at `path` replaced.
private func set(_ object: [String: Any], path: [String], to value: Any) -> [String: Any] {
    guard let first = path.first else { return object }
    var copy = object
    if path.count == 1 {
        copy[first] = value
    } else if let inner = object[first] as? [String: Any] {
        copy[first] = set(inner, path: Array(path.dropFirst()), to: value)
    }
    return copy
}
