import Foundation
import Testing

/// The README, docs/ and the published reports as a reader meets them: a
/// short README, every relative link landing on a file of the repository,
/// and no pointer to a file the repository does not have (the team's shared
/// notes, a write-up by a number).
@Suite("Documentation links")
struct DocumentationLinkTests {
    /// README.md and every Markdown file under docs/ and Reports/ (the published
    /// reports, with report.html), with their paths relative to the root.
    private func documents() throws -> [(path: String, text: String)] {
        func files(in folder: String, endingWith suffixes: [String]) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
                .filter { name in suffixes.contains { name.hasSuffix($0) } }.sorted().map { folder + "/" + $0 }
        }
        let paths = ["README.md"] + (try files(in: "docs", endingWith: [".md"])) + (try files(in: "Reports", endingWith: [".md", ".html"]))
        return try paths.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The targets of the links of a text, without `#fragment`s: Markdown's
    /// `[text](target)`, or in HTML `href="target"`.
    private func linkTargets(_ text: String, html: Bool = false) -> [String] {
        var targets: [String] = []
        var rest = Substring(text)
        let (opening, closing): (String, Character) = html ? ("href=\"", "\"") : ("](", ")")
        while let open = rest.range(of: opening) {
            guard let close = rest[open.upperBound...].firstIndex(of: closing) else { break }
            let target = rest[open.upperBound..<close].split(separator: "#", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            targets.append(target)
            rest = rest[close...]
        }
        return targets
    }

    @Test func theReadmeIsShort() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines < 250, "the README has \(lines) lines; the rest belongs in docs/")
        // It opens with what listbench answers, then the two quick-start commands.
        let quickStart = try #require(readme.range(of: "## Quick start\n\n```sh\n"))
        let commands = readme[quickStart.upperBound...].prefix { $0 != "`" }
        #expect(commands.split(separator: "\n") == ["swift run -c release listbench run Scenarios/home-170.json", "swift test"])
    }

    @Test func everyRelativeLinkLandsOnAFileOfTheRepository() throws {
        for (path, text) in try documents() {
            let folder = root.appendingPathComponent(path).deletingLastPathComponent()
            for target in linkTargets(text, html: path.hasSuffix(".html")) where !target.isEmpty && !target.contains("://") {
                let resolved = folder.appendingPathComponent(target).standardizedFileURL
                #expect(resolved.path.hasPrefix(root.standardizedFileURL.path), "\(path): '\(target)' leaves the repository")
                #expect(FileManager.default.fileExists(atPath: resolved.path), "\(path): '\(target)' does not exist")
            }
        }
    }

    @Test func nothingPointsOutsideTheRepository() throws {
        for (path, text) in try documents() {
            for outside in ["shared/reference", "seeds.md", "cost-figures.md", "anchors.md", "uikit-semantics.md", "DESIGN.md", "seed #", "seeds #"] {
                #expect(text.range(of: outside, options: .caseInsensitive) == nil, "\(path) mentions '\(outside)', which is not in the repository")
            }
        }
    }
}
