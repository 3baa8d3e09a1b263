import ListSimulator

/// The `images` option every UIKit strategy takes: where its cells' images
/// are decoded. None of the write-ups says (seeds.md): it is an assumption,
/// stated as an option with a default, and `Reports/validation.md` ("What
/// the write-ups leave open") shows how the published comparisons move with it.
///
/// The default is UIKit's own behaviour, on main when the layer commits: the
/// write-ups show no image library, and it is what an app gets when it sets
/// an image it did not decode itself. Decoding off main, as image libraries
/// (SDWebImage, Kingfisher, Nuke) do, is the other value. The values are
/// the simulator's own ``ImageDecoding`` cases, spelled by their raw values.
extension ImageDecoding: StrategyOptionValue {
    public static let key = "images"
    public static let meaning = "where cells' images are decoded (no write-up says)"
    public static let defaultValue = ImageDecoding.mainAtCommit

    public var meaning: String {
        switch self {
        case .mainAtCommit: "on main when the layer commits, UIKit's own way for an image set undecoded"
        case .offMain: "on an image library's serial queue, then set on main (SDWebImage, Kingfisher, Nuke)"
        case .prefetched: "the same library asked ahead (UITableViewDataSourcePrefetching): decoding starts when a cell is prepared ahead of the screen"
        }
    }
}

extension StrategyDescriptor {
    /// This UIKit strategy with the `images` option (``ImageDecoding``)
    /// added after its own: the built strategy's table decodes images where
    /// the option says.
    func decodingImages() -> StrategyDescriptor {
        adding(ImageDecoding.option) { strategy, _, configuration in
            (strategy.surface as? TableView)?.imageDecoding = configuration.value(of: ImageDecoding.self)
            return strategy
        }
    }
}
