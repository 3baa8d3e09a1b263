import ListData
import ListSimulator

/// Seed #1's cells: one nib cell per kind, shared by its two designs
/// (`cellbinder` and `row-ids` show the same rows with the same cells; only
/// how they drive the table differs). Cells load from nibs, as the published
/// `BindableNibCell`s do; the "after" keeps them (an assumption: seeds.md
/// names only the name row's change, to a SwiftUI hosting cell).
///
/// The kinds are the scenario's (`data.kinds`), or for built-in data
/// ``KindSet/restaurantDetail``: a cell per row kind with its own view count,
/// all of which the binder sets.
struct RowCellDesign {
    let kinds: KindSet

    /// The views of the name row as a SwiftUI hosting cell (estimate: the
    /// hosting controller's view and the platform views SwiftUI makes for
    /// its texts and image, about the nib cell's six plus one).
    static let hostingNameViews = 7

    /// Whether the item's row is the built-in detail page's name row, which
    /// `row-ids` shows in a SwiftUI hosting cell.
    func isHostedName(_ kind: ItemKind) -> Bool {
        if case .itemFields = kinds.source { return kind == .name }
        return false
    }

    /// The reuse identifier of an item's cell.
    func identifier(of item: Item) -> String { kinds.name(of: item) }

    /// The reuse identifier of a built-in row kind's cell (a designed item's: its kind's).
    func identifier(of kind: ItemKind, design: UInt16 = 0) -> String { identifier(of: Item(id: -1, kind: kind, design: design)) }

    /// Registers every kind's cell on a table, from nibs; with `hostingName`,
    /// the built-in name row is a SwiftUI hosting cell instead.
    func register(on table: TableView, hostingName: Bool) {
        for (index, kind) in kinds.kinds.enumerated() {
            let builtIn = index < ItemKind.allCases.count ? ItemKind.allCases[index] : .post
            if hostingName, kinds.kinds.count > 1, isHostedName(builtIn) {
                table.register(kind.name, views: Self.hostingNameViews, nib: false)
            } else {
                table.register(kind.name, views: kinds.createdViews(of: kind), nib: true)
            }
        }
    }

    /// What a row's cell shows, bound to its item.
    func content(for item: Item, width: Double, scale: Double) -> CellContent {
        kinds.content(for: item, width: width, scale: scale)
    }

    /// What a cell of the item's kind shows before any value is bound: the
    /// nib's own labels and images, empty; its height is the nib's designed
    /// height (a row of the kind with no text and no photos).
    func unbound(_ item: Item, width: Double, scale: Double) -> CellContent {
        kinds.unbound(Item(id: -1, kind: item.kind, design: item.design), width: width, scale: scale)
    }
}
