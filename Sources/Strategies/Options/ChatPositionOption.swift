import ListSimulator

/// The `position` option every UIKit strategy takes: how the app keeps the
/// user's place in a list that opens at its bottom (a chat: the scenario's
/// `data.anchor: "bottom"`). A list that opens at its top is a feed, which
/// no chat code touches: the option changes nothing there.
///
/// The default is offset correction on a normal table, as MessageKit (the
/// most used UIKit chat UI library) writes it: a new message sticks to the
/// bottom when the last one was visible (`isLastSectionVisible`, then
/// `scrollToLastItem`), and older messages inserted above keep the
/// user's place (`reloadDataAndKeepOffset`: the offset grows by what was
/// inserted above, measured after a layout pass). It stays the default:
/// it is the way of the most used UIKit chat library, it shows every
/// message as it arrives, and it needs no change to the table or the data
/// source. The other value, the inverted table (newest message at row 0,
/// the table and its cells flipped, as SlackTextViewController's `inverted`
/// and Stream Chat's `ChatMessageListView`), is ``InvertedChat``.
public enum ChatPosition: String, StrategyOptionValue {
    case corrected = "correct"
    case inverted

    public static let key = "position"
    public static let meaning = "how a list that opens at its bottom (a chat) keeps the user's place (a feed: unchanged)"
    public static let defaultValue = ChatPosition.corrected

    public var meaning: String {
        switch self {
        case .corrected:
            "a normal table: scroll to the bottom after an insert when the last row was visible (MessageKit), "
                + "else the offset grows by the heights inserted above (estimates where unmeasured)"
        case .inverted:
            "an inverted table (flipped, newest message at row 0, each cell flipped back): opens at offset 0, "
                + "older pages land beyond its end; new messages wait while the user reads history (Stream Chat)"
        }
    }
}

extension StrategyDescriptor {
    /// This UIKit strategy with the `position` option (``ChatPosition``)
    /// added after its own: in a list that opens at its bottom, the built
    /// strategy's table keeps the user's place as the option says.
    func keepingChatPosition() -> StrategyDescriptor {
        adding(ChatPosition.option) { strategy, context, configuration in
            guard context.opensAtBottom, let list = strategy.surface as? any KeepableList else { return strategy }
            switch configuration.value(of: ChatPosition.self) {
            case .corrected: list.updateObserver = ChatPositionKeeper()
            case .inverted: return InvertedChat(strategy, context: context) ?? strategy
            }
            return strategy
        }
    }

    /// This Texture or SwiftUI strategy as a chat app writes it, in a list
    /// that opens at its bottom: the place kept across an update (Texture's
    /// `automaticallyAdjustsContentOffset` keeps the first visible node where
    /// it was across a non-animated update), and the app scrolls to the
    /// bottom after an update when the last row was visible. For SwiftUI,
    /// both are the app's code with `ScrollViewReader.scrollTo` (iOS 14):
    /// inferred from common chat code, not from a write-up. No option:
    /// neither framework has the inverted table of the UIKit strategies'
    /// `position` option.
    func keepingFrameworkChatPosition() -> StrategyDescriptor {
        let build = builder
        return rebuilt(options: options) { context, configuration in
            let strategy = build(context, configuration)
            if context.opensAtBottom, let list = strategy.surface as? any KeepableList {
                list.updateObserver = ChatPositionKeeper()
            }
            return strategy
        }
    }
}
