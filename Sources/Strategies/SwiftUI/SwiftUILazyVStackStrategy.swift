import ListData
import ListSimulator

/// `swiftui-lazyvstack`: `ScrollView { LazyVStack { ForEach(items) { item
/// in Row(item: item) } } }` over the app's items, kept on main. The stack
/// is the simulator's ``LazyStack`` (Apple's description of lazy stacks,
/// WWDC26 session 321, with the sources of every rule); the strategy is
/// the app: its model, its rows, and the options Apple leaves open
/// (docs/strategies.md, "swiftui-lazyvstack"):
///
/// - `rows`: whether an update evaluates unchanged rows again (``SwiftUIRows``);
/// - `rowViews`: a variable number of views per element makes the stack
///   build every element up to the visible ones (``SwiftUIRowViews``);
/// - `offscreen`: whether views scrolled off are kept or released, by iOS
///   version (``SwiftUIOffscreenViews``);
/// - `heights`: whether a released row keeps its height (``SwiftUIHeights``);
/// - `nesting`: one stack, or a stack of sections (``SwiftUINesting``).
///
/// A change arrives on the network's queue and is applied to the model on
/// main; the stack then checks its views (no full diff: "They only perform
/// a minimal check for changes in the visible views").
public final class SwiftUILazyVStackStrategy: ListStrategy, LazyStackDataSource {
    public static let descriptor = StrategyDescriptor(
        name: "swiftui-lazyvstack",
        summary: "SwiftUI ScrollView and LazyVStack over a ForEach: views built as rows come on screen, never reused; "
            + "heights estimated from the average, the offset corrected as they are measured",
        minimumIOS: 14, requiredAPI: "SwiftUI LazyVStack",
        options: [SwiftUIRows.option, SwiftUIRowViews.option, SwiftUIOffscreenViews.option, SwiftUIHeights.option, SwiftUINesting.option]
    ) { context, options in
        SwiftUILazyVStackStrategy(context: context, rows: options.value(of: SwiftUIRows.self),
                                  offscreen: SwiftUIOffscreenViews.offscreen(options.setting(of: SwiftUIOffscreenViews.self),
                                                                             iOS: context.simulation.device.iOSVersion),
                                  rowViews: options.value(of: SwiftUIRowViews.self), heights: options.value(of: SwiftUIHeights.self),
                                  nesting: options.value(of: SwiftUINesting.self))
    }

    private let simulation: Simulation
    private let kinds: KindSet
    private let stack: LazyStack
    private let model: MainQueueModel
    private let rows: SwiftUIRows
    /// The model's items, row by row, as of the last update.
    private var items: [Item] = []

    init(context: AppContext, rows: SwiftUIRows, offscreen: OffscreenViews, rowViews: SwiftUIRowViews, heights: SwiftUIHeights,
         nesting: SwiftUINesting) {
        simulation = context.simulation
        kinds = context.feedKinds
        self.rows = rows
        stack = LazyStack(simulation: context.simulation, offscreen: offscreen)
        stack.remembersHeights = heights == .kept
        stack.countsViewsByBuilding = rowViews == .variable
        stack.nesting = nesting.stackNesting
        model = MainQueueModel(simulation: context.simulation)
        stack.dataSource = self
        model.onChange = { [unowned self] _, new in update(to: new) }
    }

    public var surface: any ListSurface { stack }
    public func load(_ sections: [DataSection]) { model.load(sections) }
    public func receive(_ changes: [DataChange]) { model.receive(changes) }
    public func visibleContent() -> [ContentKey] { stack.visibleContent }

    /// One change of the model, on main: the parent's body, then the stack's check.
    ///
    /// - Complexity: O(n) for `n` rows, plus the modeled work.
    private func update(to sections: [DataSection]) {
        simulation.chargeViewBodies(1)
        items = sections.flatMap(\.items)
        let counts = sections.map(\.items.count)
        let ids = items.map(\.id)
        if stack.isLoaded {
            stack.update(rowCounts: counts, items: ids, reevaluatingAll: rows == .closures)
        } else {
            stack.load(rowCounts: counts, items: ids)
        }
    }

    /// A row's view: the item's design, laid out by SwiftUI (frames per
    /// view, an estimate), with the `EquatableView` that `rows=equatable` adds.
    public func lazyStack(_ stack: LazyStack, contentAt row: Int) -> CellContent {
        guard row < items.count else { return CellContent(key: ContentKey(item: -1, version: 0), views: 1, height: 0) }
        return rows.content(of: items[row], kinds: kinds, width: stack.width, scale: simulation.device.scale)
    }
}
