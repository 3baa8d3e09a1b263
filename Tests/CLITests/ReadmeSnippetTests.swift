import Foundation
import ListBenchCLI
import Strategies
import Testing

/// The library snippet of docs/building-on-listbench.md is the example
/// package's `run-one-scenario` word for word, and `.ci/run` builds and runs
/// that package: so the snippet compiles and runs as written.
@Suite("Documented snippet")
struct ReadmeSnippetTests {
    @Test func theLibrarySnippetIsTheExampleThatCIBuilds() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("docs/building-on-listbench.md"), encoding: .utf8)
        let example = "Examples/CustomStrategy/Sources/run-one-scenario/main.swift"
        let source = try String(contentsOf: root.appendingPathComponent(example), encoding: .utf8)
        let marker = "<!-- snippet: \(example) -->\n```swift\n"
        let start = try #require(readme.range(of: marker), "docs/building-on-listbench.md has no snippet marked \(example)")
        let end = try #require(readme.range(of: "```\n", range: start.upperBound..<readme.endIndex))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == source)
        let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        // .ci/run runs it and checks what it printed.
        #expect(ci.split(separator: "\n").contains("out=$(\"$bin/run-one-scenario\")"))
        #expect(ci.contains("expect '^completion ms: [0-9]' \"$out\""))
    }
}

@Suite("Adding strategies")
struct AddingStrategiesTests {
    /// Another package's strategies come after the built-in ones; a name that
    /// is taken is refused (`main(adding:)` then exits 64 with this message).
    @Test func addedStrategiesFollowTheBuiltInOnesAndAClashIsRefused() throws {
        let mine = StrategyDescriptor(name: "my-reload", summary: "a package's own") { ReloadStrategy(simulation: $0.simulation) }
        let catalog = try ListBenchCommand.builtInCatalog(adding: [mine])
        #expect(catalog.names == StrategyCatalog.builtIn.names + ["my-reload"])
        #expect(throws: StrategyCatalogError.duplicateName("reload")) {
            try ListBenchCommand.builtInCatalog(adding: [ReloadStrategy.descriptor])
        }
        #expect(throws: StrategyCatalogError.duplicateName("my-reload")) { try ListBenchCommand.builtInCatalog(adding: [mine, mine]) }
    }
}
