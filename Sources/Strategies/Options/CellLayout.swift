/// The layout engine a timeline design's cells use. The write-up (seed #4)
/// does not say which either design used, so both sides take the same one:
/// Auto Layout by default (a labelled assumption), manual frames as the variant.
enum CellLayout: String, StrategyOptionValue {
    case autolayout
    case manual

    /// The option shared by `monolithic-cells` and `viewmodel-cells`.
    static let key = "layout"
    static let meaning = "the layout engine of the cells (the write-up does not say; both designs take the same)"
    static let defaultValue = CellLayout.autolayout

    var meaning: String {
        switch self {
        case .autolayout: "Auto Layout, three constraints per view (an assumption: the write-up does not say)"
        case .manual: "manual frames (layoutSubviews), one pass per view"
        }
    }

    /// The constraints of a cell of `views` views: three per view (estimate:
    /// a view pinned to its neighbours needs about three: leading, top and
    /// a width or trailing), none with manual layout.
    func constraints(views: Int) -> Int { self == .autolayout ? views * 3 : 0 }
}
