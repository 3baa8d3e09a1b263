import Foundation
import Testing

/// The README's library snippet is the example package's `run-one-scenario`
/// word for word, and `.ci/run` builds and runs that package: so the snippet
/// compiles and runs as written.
@Suite("README snippet")
struct ReadmeSnippetTests {
    @Test func theLibrarySnippetIsTheExampleThatCIBuilds() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = "Examples/CustomStrategy/Sources/run-one-scenario/main.swift"
        let source = try String(contentsOf: root.appendingPathComponent(example), encoding: .utf8)
        let marker = "<!-- snippet: \(example) -->\n```swift\n"
        let start = try #require(readme.range(of: marker), "the README has no snippet marked \(example)")
        let end = try #require(readme.range(of: "```\n", range: start.upperBound..<readme.endIndex))
        #expect(String(readme[start.upperBound..<end.lowerBound]) == source)
        let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.contains("/run-one-scenario\""))
    }
}
