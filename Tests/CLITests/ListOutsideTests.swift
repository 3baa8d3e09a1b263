import Foundation
import Testing

/// `list scenarios` run outside listbench's checkout names the default
/// folder it looked in, never a `--folder` that was not given.
@Suite("list scenarios outside the checkout")
struct ListOutsideTests {
    @Test func theDefaultFolderIsNamedAsTheDefault() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try listbench(["-c", "cd \"$1\" && exec \"$2\" list scenarios", "sh", folder.path, binary], binary: "/bin/sh")
        #expect(result.status == 66, "\(result.err)")
        #expect(result.err == "list scenarios: the default folder Scenarios: no such folder (the shipped scenarios are in listbench's own "
            + "checkout: run it there, or name a folder with --folder)\n", "\(result.err)")
        #expect(!result.err.contains("--folder Scenarios"))
    }
}
