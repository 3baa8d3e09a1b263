import Foundation
import Testing

/// A scenario whose list is a grid (`data.layout`) on the command line.
@Suite("Grids on the command line")
struct GridSurfaceCLITests {
    private let photos = root.appendingPathComponent("Scenarios/photo-grid.json").path

    /// A table surface cannot show a grid: exit 65, one message naming the
    /// file, the strategy and the key, and nothing on standard output.
    @Test func aTableSurfaceOnAGridIsRefusedNamingTheKey() throws {
        try requireBinary(binary)
        let result = try listbench(["run", photos, "--strategy", "reload:surface=table"])
        #expect(result.status == 65, "\(result.err)")
        #expect(result.out.isEmpty)
        #expect(result.err.contains("photo-grid.json: data.layout is a grid of 4 columns, which only a collection view or collection node shows"))
        #expect(result.err.contains("reload was given surface=table"))
        #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
    }

    /// A spec that leaves `surface` out runs on the collection surface, and
    /// the report names it so; `viewmodel-cells` runs on a grid of one-part
    /// photos and is reported unsupported on one of several-part cards.
    @Test func aGridRunsStrategiesOnTheirCollectionSurface() throws {
        try requireBinary(binary)
        let result = try listbench(["run", photos, "--strategy", "reload", "--strategy", "texture", "--strategy", "viewmodel-cells",
                                    "--format", "csv"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("reload:surface=collection,completed"))
        #expect(result.out.contains("texture:surface=collection,completed"))
        #expect(result.out.contains("viewmodel-cells:surface=collection,completed"))
        let cards = try listbench(["run", root.appendingPathComponent("Scenarios/catalogue-grid.json").path, "--strategy", "viewmodel-cells",
                                   "--format", "csv"])
        #expect(cards.status == 0, "\(cards.err)")
        #expect(cards.out.contains("viewmodel-cells:surface=collection,unsupported"))
        #expect(cards.out.contains("a row per part of an item: a grid has no cell for a part"))
    }
}
