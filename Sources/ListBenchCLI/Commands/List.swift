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

    @Option(help: "The folder of scenario files (for 'scenarios'; default: Scenarios in the current folder, where listbench's own checkout keeps the shipped ones).")
    var folder: String?

    @Option(help: ArgumentHelp("With 'devices': print this shipped profile as a profile file, to start one of your own.",
                               valueName: "name"))
    var profile: String?

    func validate() throws {
        guard let profile else { return }
        guard what == .devices else { throw ValidationError("--profile lists a shipped device profile: use it with 'list devices'") }
        try DeviceOption.checkShipped(profile, filesTaken: false)
    }

    func run() throws {
        switch what {
        case .strategies:
            try Terminal.out(Listing.strategies(CommandContext.catalog.value))
        case .devices:
            if let profile {
                try Terminal.out(try DeviceProfile.shippedJSON(named: profile) + "\n")
                return
            }
            let profiles = try DeviceProfile.shippedNames.map { (name: $0, profile: try DeviceProfile.shipped(named: $0)) }
            try Terminal.out(Listing.devices(profiles, defaultName: DeviceProfile.defaultName))
        case .scenarios:
            let folder = self.folder ?? "Scenarios"
            // Without --folder, the message must not name a flag that was not given.
            let files = try Folder.contents(of: folder, flag: self.folder == nil ? "list scenarios: the default folder" : "--folder",
                                            hint: self.folder == nil ? " (the shipped scenarios are in listbench's own checkout: run it there, or name a folder with --folder)" : "")
            try Terminal.out(Listing.scenarios(files.filter { $0.hasSuffix(".json") }.sorted().map { file in
                (file, Result { () throws(ScenarioError) -> Scenario in
                    try ScenarioFile.load(path: (folder as NSString).appendingPathComponent(file))
                })
            }))
        }
    }
}
