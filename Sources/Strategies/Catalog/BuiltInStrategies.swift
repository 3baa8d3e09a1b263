extension StrategyCatalog {
    /// Every strategy listbench ships. Every UIKit one takes the `images`
    /// option (``ImageDecoding``) besides its own.
    public static let builtIn = StrategyCatalog([
        ReloadStrategy.descriptor.decodingImages(),
        BatchUpdatesStrategy.descriptor.decodingImages(),
        IdentifierDiffStrategy.descriptor.decodingImages(),
        CellBinderStrategy.descriptor.decodingImages(),
        RowIDsStrategy.descriptor.decodingImages(),
        DiffableIDsStrategy.descriptor.decodingImages(),
        TextureStrategy.descriptor,
        TexturePlaceholdersStrategy.descriptor,
        MonolithicCellsStrategy.descriptor.decodingImages(),
        ViewModelCellsStrategy.descriptor.decodingImages(),
    ])
}
