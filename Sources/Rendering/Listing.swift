import ListSimulator
import Scenarios
import Strategies

/// What `listbench list` prints: the strategies with their options, the
/// device profiles, the scenario files. Each takes the values and returns
/// the text; the command line reads the files.
public enum Listing {
    /// The strategies of `catalog`, each with its options as `--strategy
    /// name:key=value` takes them (`*` marks the default, the technique as
    /// published), then a line on how to set an option.
    ///
    /// - Complexity: O(strategies × choices).
    public static func strategies(_ catalog: StrategyCatalog) -> String {
        var table = TextTable(headers: ["strategy", "what it does"], alignments: [.left, .left])
        for entry in catalog.entries {
            table.append([entry.name, entry.summary])
            for option in entry.options {
                table.append(["  :\(option.key)=", "\(option.meaning) (default \(option.defaultValue))"])
                for choice in option.choices {
                    table.append(["    \(choice.value)\(choice.value == option.defaultValue ? " *" : "")", choice.meaning])
                }
                if let numbers = option.numbers { table.append(["    \(numbers.text)", numbers.meaning]) }
            }
        }
        return table.render()
            + "\nOptions: --strategy NAME:KEY=VALUE[,KEY=VALUE] on run, compare and sweep; * marks the default (the technique as published).\n"
    }

    /// The device profiles, by name: screen, refresh rate, cores, workers,
    /// iOS versions and memory limit in MiB (2²⁰ bytes), the unit of every
    /// memory figure listbench shows (tables, charts, the chart's limit line),
    /// with `defaultName` marked.
    ///
    /// - Complexity: O(profiles).
    public static func devices(_ profiles: [(name: String, profile: DeviceProfile)], defaultName: String) -> String {
        var table = TextTable(headers: ["device", "screen", "Hz", "cores", "workers", "iOS", "memory limit", ""],
                              alignments: [.left, .left, .right, .right, .right, .left, .right, .left])
        for (name, device) in profiles {
            table.append([
                name, "\(Int(device.screenWidth))×\(Int(device.screenHeight)) @\(Int(device.scale))x",
                "\(Int(device.refreshRateHz))", "\(Int(device.cpuCores.value))", "\(device.backgroundWorkers)",
                device.iOS.minimum == device.iOS.maximum
                    ? "\(device.iOS.default)" : "\(device.iOS.default) (\(device.iOS.minimum)-\(device.iOS.maximum))",
                "\(Int((device.memoryLimit.value / 1_048_576).rounded())) MiB", name == defaultName ? "(default)" : "",
            ])
        }
        return table.render()
    }

    /// The scenario files, each with what it reproduces ("-" for none) or why it is invalid.
    ///
    /// - Complexity: O(files).
    public static func scenarios(_ files: [(file: String, scenario: Result<Scenario, ScenarioError>)]) -> String {
        var table = TextTable(headers: ["scenario", "reproduces"], alignments: [.left, .left])
        for (file, scenario) in files {
            switch scenario {
            case .success(let scenario): table.append([file, scenario.reproduces ?? "-"])
            case .failure(let error): table.append([file, "invalid: \(error)"])
            }
        }
        return table.render()
    }
}
