extension StrategyCatalog {
    /// Every strategy listbench ships.
    public static let builtIn = StrategyCatalog([
        ReloadStrategy.descriptor,
        BatchUpdatesStrategy.descriptor,
        IdentifierDiffStrategy.descriptor,
        CellBinderStrategy.descriptor,
        RowIDsStrategy.descriptor,
        DiffableIDsStrategy.descriptor,
        TextureStrategy.descriptor,
        TexturePlaceholdersStrategy.descriptor,
        MonolithicCellsStrategy.descriptor,
        ViewModelCellsStrategy.descriptor,
    ])
}
