extension StrategyCatalog {
    /// Every strategy listbench ships. Every UIKit one takes the `images`
    /// option (``ImageDecoding``) and the `position` option (``ChatPosition``)
    /// besides its own; the Texture and SwiftUI ones keep a chat's place
    /// their framework's way (``StrategyDescriptor/keepingFrameworkChatPosition()``).
    ///
    /// Each one's ``StrategyDescriptor/relativeHostCost`` (which runs start
    /// first when runs go in parallel) is a measured estimate: its wall time
    /// on `large-list` at 1,000,000 items, alone in one process, over
    /// `reload`'s 0.80 s (`listbench run FILE --strategy NAME --no-isolate`,
    /// release build, 27 November 2026, docs/performance.md; `row-ids` and
    /// `viewmodel-cells` measured again after their own changes), rounded. Large
    /// lists are where a run left for last costs most.
    public static let builtIn = StrategyCatalog([
        ReloadStrategy.descriptor.decodingImages().keepingChatPosition().keepingFeedPosition().onUIKitSurfaces(),                      // 0.80 s
        BatchUpdatesStrategy.descriptor.decodingImages().keepingChatPosition().keepingFeedPosition().onUIKitSurfaces().hostCost(0.75), // 0.60 s
        IdentifierDiffStrategy.descriptor.decodingImages().keepingChatPosition().keepingFeedPosition().onDataSourcesSurfaces().hostCost(1.35), // 1.08 s
        CellBinderStrategy.descriptor.decodingImages().keepingChatPosition().keepingFeedPosition().onUIKitSurfaces().hostCost(4.4),    // 3.50 s
        RowIDsStrategy.descriptor.decodingImages().keepingChatPosition().keepingFeedPosition().onUIKitSurfaces().hostCost(3.1),        // 2.51 s (4.16 before b261d43)
        DiffableIDsStrategy.descriptor.decodingImages().keepingChatPosition().keepingFeedPosition().onUIKitSurfaces().hostCost(3.9),   // 3.14 s
        TextureStrategy.descriptor.keepingFrameworkChatPosition().keepingFeedPosition().onTextureSurfaces().hostCost(1.6),                     // 1.30 s
        TexturePlaceholdersStrategy.descriptor.keepingFrameworkChatPosition().keepingFeedPosition().onTextureSurfaces().hostCost(1.8),         // 1.41 s
        MonolithicCellsStrategy.descriptor.decodingImages().keepingChatPosition().keepingFeedPosition().onUIKitSurfaces().hostCost(2.5), // 1.96 s
        ViewModelCellsStrategy.descriptor.decodingImages().keepingChatPosition().keepingFeedPosition().onUIKitSurfaces()
            .showingPartsAsRows().hostCost(8.7), // 6.9 s (7.8 before 95609bb)
        // The SwiftUI two against reload's 0.95 s measured the same way the same day (27 November, fifth session).
        SwiftUIListStrategy.descriptor.keepingFrameworkChatPosition().keepingFeedPosition().refusingGrids(Self.swiftUIGrid)
            .hostCost(1.7), // 1.65 s
        SwiftUILazyVStackStrategy.descriptor.keepingFrameworkChatPosition().keepingFeedPosition().refusingGrids(Self.swiftUIGrid)
            .hostCost(1.1), // 1.03 s
    ])

    /// Why the SwiftUI strategies refuse a grid: SwiftUI lays one out with
    /// `LazyVGrid`, which is not modeled.
    static let swiftUIGrid = "a grid in SwiftUI is a LazyVGrid, which is not modeled"
}
