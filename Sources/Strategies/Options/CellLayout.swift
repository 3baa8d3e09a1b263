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
    /// a width or trailing), none with manual layout. Solving them is charged
    /// per constraint, linear in the views: Apple says Auto Layout grows
    /// linearly from iOS 12 for independent, dependent and nested views
    /// (WWDC18 202), and the simulator models iOS 12 and later; the
    /// superlinear curves measured in 2013 were iOS 6's (docs/strategies.md,
    /// "Auto Layout grows linearly in a cell's views").
    func constraints(views: Int) -> Int { self == .autolayout ? views * 3 : 0 }
}
