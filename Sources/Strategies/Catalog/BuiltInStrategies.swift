extension StrategyCatalog {
    /// Every strategy listbench ships. Every UIKit one takes the `images`
    /// option (``ImageDecoding``) and the `position` option (``ChatPosition``)
    /// besides its own; the Texture ones keep a chat's place Texture's way.
    public static let builtIn = StrategyCatalog([
        ReloadStrategy.descriptor.decodingImages().keepingChatPosition(),
        BatchUpdatesStrategy.descriptor.decodingImages().keepingChatPosition(),
        IdentifierDiffStrategy.descriptor.decodingImages().keepingChatPosition(),
        CellBinderStrategy.descriptor.decodingImages().keepingChatPosition(),
        RowIDsStrategy.descriptor.decodingImages().keepingChatPosition(),
        DiffableIDsStrategy.descriptor.decodingImages().keepingChatPosition(),
        TextureStrategy.descriptor.keepingTexturePosition(),
        TexturePlaceholdersStrategy.descriptor.keepingTexturePosition(),
        MonolithicCellsStrategy.descriptor.decodingImages().keepingChatPosition(),
        ViewModelCellsStrategy.descriptor.decodingImages().keepingChatPosition(),
    ])
}
