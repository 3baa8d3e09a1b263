import ArgumentParser
import Foundation
import ListSimulator
import Profiler
import Rendering
import Scenarios
import Strategies

/// `listbench list strategies|scenarios|devices`.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the strategies, the shipped scenarios or the shipped device profiles.")

    enum What: String, ExpressibleByArgument, CaseIterable {
        case strategies, scenarios, devices
    }

    @Argument(help: "What to list: \(What.allCases.map(\.rawValue).joined(separator: ", ")).")
    var what: What

    @Option(help: "The folder of scenario files (for 'scenarios').")
    var folder = "Scenarios"

    func run() throws {
        switch what {
        case .strategies:
            var table = TextTable(headers: ["strategy", "what it does"], alignments: [.left, .left])
            for entry in CommandContext.catalog.value.entries {
                table.append([entry.name, entry.summary])
                // Options, as `--strategy name:key=value` takes them; the default is the technique as published.
                for option in entry.options {
                    table.append(["  :\(option.key)=", "\(option.meaning) (default \(option.defaultValue))"])
                    for choice in option.choices {
                        table.append(["    \(choice.value)\(choice.value == option.defaultValue ? " *" : "")", choice.meaning])
                    }
                }
            }
            try Terminal.out(table.render())
            try Terminal.out("\nOptions: --strategy NAME:KEY=VALUE[,KEY=VALUE] on run, compare and sweep; * marks the default (the technique as published).")
        case .devices:
            var table = TextTable(headers: ["device", "screen", "Hz", "cores", "workers", "iOS", "memory limit", ""],
                                  alignments: [.left, .left, .right, .right, .right, .left, .right, .left])
            for name in DeviceProfile.shippedNames {
                let device = try DeviceProfile.shipped(named: name)
                table.append([
                    name, "\(Int(device.screenWidth))×\(Int(device.screenHeight)) @\(Int(device.scale))x",
                    "\(Int(device.refreshRateHz))", "\(Int(device.cpuCores.value))", "\(device.backgroundWorkers)",
                    device.iOS.minimum == device.iOS.maximum
                        ? "\(device.iOS.default)" : "\(device.iOS.default) (\(device.iOS.minimum)-\(device.iOS.maximum))",
                    "\(Int(device.memoryLimit.value / 1_000_000)) MB", name == DeviceProfile.defaultName ? "(default)" : "",
                ])
            }
            try Terminal.out(table.render())
        case .scenarios:
            let files = try Folder.contents(of: folder, flag: "--folder")
            var table = TextTable(headers: ["scenario", "reproduces"], alignments: [.left, .left])
            for file in files.filter({ $0.hasSuffix(".json") }).sorted() {
                do {
                    let scenario = try ScenarioFile.load(path: (folder as NSString).appendingPathComponent(file))
                    table.append([file, scenario.reproduces ?? "-"])
                } catch {
                    table.append([file, "invalid: \(error)"])
                }
            }
            try Terminal.out(table.render())
        }
    }
}
