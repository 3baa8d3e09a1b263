import ListData
import ListSimulator

/// The cell design of each row kind: one reuse identifier, one view count
/// and one geometry per kind, shared by seed #1's two designs (`cellbinder`
/// and `row-ids` show the same rows with the same cells; only how they
/// drive the table differs). Cells load from nibs, as the published
/// `BindableNibCell`s do; the "after" keeps them (an assumption: seeds.md
/// names only the name row's change, to a SwiftUI hosting cell).
enum RowCellDesign {
    /// The views a row kind's cell holds (estimate: the views such a row
    /// shows on a detail page: labels, image views, buttons, and a container
    /// each; a feed post as the other table strategies' post cell).
    static func views(of kind: ItemKind) -> Int {
        switch kind {
        case .post: return 24
        case .topImage: return 3
        case .name: return 6
        case .buttons: return 7
        case .addToList, .redirect, .edit: return 3
        case .calendar: return 9
        case .catchCopy, .courseHeader, .courseMore, .newsHeader, .newsMore, .reportHeader, .noReports, .reportsMore: return 2
        case .menu, .news, .otherReports: return 4
        case .photoStrip, .recommended: return 8
        case .course: return 5
        case .report: return 7
        case .staff, .history: return 6
        }
    }

    /// The views of the name row as a SwiftUI hosting cell (estimate: the
    /// hosting controller's view and the platform views SwiftUI makes for
    /// its texts and image, about the nib cell's six plus one).
    static let hostingNameViews = 7

    /// The reuse identifier of a row kind's cell.
    static func identifier(of kind: ItemKind) -> String { kind.rawValue }

    /// Registers every kind's cell on a table, from nibs; with
    /// `hostingName`, the name row is a SwiftUI hosting cell instead.
    static func register(on table: TableView, hostingName: Bool) {
        for kind in ItemKind.allCases {
            if hostingName, kind == .name {
                table.register(identifier(of: kind), views: hostingNameViews, nib: false)
            } else {
                table.register(identifier(of: kind), views: views(of: kind), nib: true)
            }
        }
    }

    /// What a row's cell shows, bound to its item.
    static func content(for item: Item, width: Double, scale: Double) -> CellContent {
        var content = PostLayout.content(for: item, width: width, scale: scale)
        content.views = views(of: item.kind)
        return content
    }

    /// What a cell of the kind shows before any value is bound: the nib's
    /// own labels and images, empty; its height is the nib's designed height
    /// (a row of the kind with no text and no photos).
    static func unbound(_ kind: ItemKind, width: Double, scale: Double) -> CellContent {
        var content = PostLayout.content(for: Item(id: -1, kind: kind), width: width, scale: scale)
        content.views = views(of: kind)
        content.textLines = 0
        content.textCharacters = 0
        content.imagePixels = 0
        return content
    }
}
