import ListData
import ListSimulator

/// Option `rows` of the SwiftUI strategies: what a row's view holds, which
/// decides whether SwiftUI can tell that a row did not change. SwiftUI
/// compares a view's stored properties whenever its parent updates
/// (Airbnb, Cal Stephens and Miguel Jimenez, "Understanding and Improving
/// SwiftUI Performance", June 2025: "Changes are detected by diffing the
/// view's stored properties any time its parent is updated"); a closure
/// cannot be compared, so a row holding one is evaluated again on every
/// update of the list.
public enum SwiftUIRows: String, StrategyOptionValue {
    case plain
    case closures
    case equatable

    public static let key = "rows"
    public static let meaning = "what a row's view holds, which decides whether an update of the list evaluates its body again"
    /// The default: a row that holds its item, as Apple's `ForEach`
    /// examples and the write-ups' rows do (a value that shows a post).
    public static let defaultValue = SwiftUIRows.plain

    public var meaning: String {
        switch self {
        case .plain:
            "the item only (values): SwiftUI's comparison of stored properties skips a row whose item did not change"
        case .closures:
            "the item and an action closure (a tap handler), which SwiftUI cannot compare: every row on screen is evaluated again on each update (Airbnb, 2025)"
        case .equatable:
            "an Equatable row wrapped in .equatable(): unchanged rows are skipped, and each row has one more view "
                + "(an EquatableView; babbage/List-Reload quotes it as likely worse in release builds)"
        }
    }

    /// The views this choice adds to each row.
    var extraViews: Int { self == .equatable ? 1 : 0 }

    /// What a row shows as SwiftUI lays it out: the item's design (``KindSet/content(for:width:scale:)``)
    /// without Auto Layout constraints (SwiftUI's own layout, charged as frames per view: an
    /// estimate), with the `EquatableView` this choice adds.
    func content(of item: Item, kinds: KindSet, width: Double, scale: Double) -> CellContent {
        var content = kinds.content(for: item, width: width, scale: scale)
        content.constraints = 0
        content.views += extraViews
        return content
    }
}

/// Option `rowViews`: how many views each element of the `ForEach` resolves to.
public enum SwiftUIRowViews: String, StrategyOptionValue {
    case constant
    case variable

    public static let key = "rowViews"
    public static let meaning = "how many views each element of the ForEach resolves to"
    /// The default: Apple's advice (WWDC23 session 10160: "You need to
    /// ensure the number of views per element is a constant"), and what a
    /// row of one view type gives.
    public static let defaultValue = SwiftUIRowViews.constant

    public var meaning: String {
        switch self {
        case .constant:
            "one view per element: rows are built as they are needed"
        case .variable:
            "a number that depends on the element (an if, an AnyView): the list must build rows to count them "
                + "(WWDC23 session 10160: \"All rows must be created\"; WWDC26 session 321 for lazy stacks)"
        }
    }
}

/// Option `idModifier` of `swiftui-list`: whether each row carries `.id(item.id)`.
public enum SwiftUIIdentityModifier: String, StrategyOptionValue {
    case off
    case on

    public static let key = "idModifier"
    public static let meaning = "whether each row inside the ForEach carries .id(item.id)"
    /// The default: no `.id()`; the `ForEach` already identifies each row.
    public static let defaultValue = SwiftUIIdentityModifier.off

    public var meaning: String {
        switch self {
        case .off: "no .id(): the ForEach's identifiers alone"
        case .on:
            "an .id() on each row: every row is built on each load and update (fatbobman, 2022, iOS 15, translated: all 40,000 rows "
                + "instantiated, a stall of over a second; measured on iOS 15 only)"
        }
    }
}

/// Option `offscreen` of `swiftui-lazyvstack`: what becomes of the views of
/// rows scrolled off screen (``OffscreenViews``, with the sources of each).
public enum SwiftUIOffscreenViews: String, StrategyOptionValue {
    case auto
    case keep
    case keepBodies = "keep-bodies"

    public static let key = "offscreen"
    public static let meaning = "what becomes of the views of rows scrolled off screen (a number: released after that many of the stack's updates)"
    /// The default: by iOS version, from what was observed (inferred cut-off:
    /// no public test of iOS 17 or 18 was found, and Apple's rule is of its
    /// latest SDK); where the observations disagree (whether a kept view
    /// keeps its body), the one that agrees with Apple's later rule (bodies go).
    public static let defaultValue = SwiftUIOffscreenViews.auto
    public static var numbers: StrategyNumbers? {
        StrategyNumbers(0...1_000, unit: "updates", meaning: "released, with their state and height, after this many of the stack's updates off screen")
    }

    public var meaning: String {
        switch self {
        case .auto:
            "by iOS (the cut-off inferred): 'keep' before iOS 26 (Eidhof 2022, iOS 15; ole/swiftui-view-lifecycle, iOS 16: state kept "
                + "for all rows), released after \(Self.releasedAfter) updates from iOS 26 (WWDC26 session 321: kept \"for a number of "
                + "updates\", no number given; onDisappear fires in lazy stacks from iOS 26, ole/swiftui-view-lifecycle #4)"
        case .keep:
            "kept for the stack's life, their bodies destroyed off screen and built again when back (Eidhof 2022, Xcode 13)"
        case .keepBodies:
            "kept for the stack's life with their bodies and the decoded images those hold (fatbobman 2023, iOS 16, measured on a List: "
                + "100 image rows, about 1.6 GB)"
        }
    }

    /// The updates an off-screen view is kept for where it is released and
    /// no number is given (estimate: Apple says only "a number of updates").
    static let releasedAfter = 4

    /// The stack's ``OffscreenViews`` for `setting` on `iOS`.
    static func offscreen(_ setting: StrategySetting<SwiftUIOffscreenViews>, iOS: Int) -> OffscreenViews {
        switch setting {
        case .named(.auto): iOS >= 26 ? .released(afterUpdates: releasedAfter) : .keptWithoutBodies
        case .named(.keep): .keptWithoutBodies
        case .named(.keepBodies): .keptWithBodies
        case .number(let updates): .released(afterUpdates: Int(updates))
        }
    }
}

/// Option `heights` of `swiftui-lazyvstack`: whether a released row keeps its measured height.
public enum SwiftUIHeights: String, StrategyOptionValue {
    case average
    case kept

    public static let key = "heights"
    public static let meaning = "the height a lazy stack gives a row whose view was released"
    /// The default: what was observed (element-x-ios PR #332, 2022: "it
    /// doesn't seem to cache previous item heights"), and what Apple's
    /// description (an average of the views placed) says for rows without a view.
    public static let defaultValue = SwiftUIHeights.average

    public var meaning: String {
        switch self {
        case .average: "estimated again, at the average of the views placed (element-x-ios #332; WWDC26 session 321)"
        case .kept: "its measured height, remembered"
        }
    }
}

/// Option `nesting` of `swiftui-lazyvstack`: how a list of several sections
/// is laid out (bitwarden/ios PR #2191 measured both forms; Apple publishes
/// no rule for nested stacks of the same axis).
public enum SwiftUINesting: String, StrategyOptionValue {
    case flat
    case lazySections = "lazy-sections"
    case vstackSections = "vstack-sections"

    public static let key = "nesting"
    public static let meaning = "how a list of several sections is laid out in the scroll view"
    /// The default: one lazy stack at the top of the scroll view, the
    /// recommendation bitwarden's engineer cites ("generally the
    /// recommendation is to use LazyVStack at the top-level of the scroll view").
    public static let defaultValue = SwiftUINesting.flat

    public var meaning: String {
        switch self {
        case .flat: "one LazyVStack over every row, sections end to end"
        case .lazySections:
            "a LazyVStack of sections, each a LazyVStack of its rows (bitwarden's before): placing a section measures every row of it "
                + "(inferred from observations of nested stacks, no Apple rule)"
        case .vstackSections:
            "a VStack of sections, each a LazyVStack (bitwarden's after): modeled as flat, each section's stack lazy within the "
                + "scroll view (inferred)"
        }
    }

    /// The stack's layout for this choice.
    var stackNesting: LazyStackNesting { self == .lazySections ? .lazySections : .flat }
}
