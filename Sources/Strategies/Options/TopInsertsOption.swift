import ListSimulator

/// The `topInserts` option every strategy takes: what the app does with the
/// reading position when rows land above it in a list that opens at its top
/// (a timeline with new posts at the top). A list that opens at its bottom
/// (a chat) keeps its place by its own `position` code: the option changes
/// nothing there.
///
/// The default is to do nothing, as every published technique's code does:
/// none of the write-ups' apps (`../shared/reference/seeds.md`) moves the
/// offset after an update, so a post landing above the one being read pushes
/// it down the screen (`scrollJumpPoints`). The other value is the technique
/// timelines use to avoid that jump, as Mastodon's own iOS app writes it
/// (mastodon/mastodon-ios, `calculateReloadSnapshotDifference` in its
/// timeline view models, 2021): before the update, the item at the top of
/// the screen and its distance from the top; after it, `scrollToRow(at:
/// that item, at: .top)` and the offset moved back by that distance, so
/// the item stays where the person was reading it. On Texture it is the
/// same step that `automaticallyAdjustsContentOffset` takes. The third
/// value holds new posts behind a "new posts" button (``NewPostsButton``).
public enum TopInserts: String, StrategyOptionValue {
    case move
    case keep
    case button

    public static let key = "topInserts"
    public static let meaning = "what the app does with the reading position when rows land above it in a list that opens at its top (a chat: unchanged)"
    public static let defaultValue = TopInserts.move

    public var meaning: String {
        switch self {
        case .move: "nothing, as every write-up's code: rows landing above push what the person reads down the screen (a jump)"
        case .keep: "puts the item at the top of the screen back where it was after each update (Mastodon for iOS: scrollToRow, then the offset it had)"
        case .button: "holds posts landing at the top behind a \"new posts\" button while the person is away from the top; shows them once back there"
        }
    }
}

extension StrategyDescriptor {
    /// This strategy with the `topInserts` option (``TopInserts``) added
    /// after its own: in a list that opens at its top, `keep` sets the
    /// place-keeping code around every update of the built strategy's list.
    func keepingFeedPosition() -> StrategyDescriptor {
        adding(TopInserts.option) { strategy, context, configuration in
            guard !context.opensAtBottom else { return strategy }
            switch configuration.value(of: TopInserts.self) {
            case .move: break
            case .keep:
                if let list = strategy.surface as? any KeepableList { list.updateObserver = ChatPositionKeeper(sticksToBottom: false) }
            case .button: return NewPostsButton(strategy, context: context)
            }
            return strategy
        }
    }
}
