import ListData
import ListDiff
import ListSimulator

/// A table's data source whose rows are its ``sections``' items, one row
/// per item, in order: the section and row counts and each row's item
/// follow from them. The strategies that keep their own sections adopt it
/// and give only their cells.
public protocol SectionedItemsDataSource: TableDataSource {
    /// The sections the table is shown, as the data source last told it.
    var sections: [DataSection] { get }
}

extension SectionedItemsDataSource {
    public func numberOfSections(in table: TableView) -> Int { sections.count }

    public func tableView(_ table: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].items.count }

    /// The item at `path`, or nil past the sections. O(log n) in the section's items.
    public func tableView(_ table: TableView, itemAt path: ItemPath) -> Int? {
        guard path.section < sections.count, path.item < sections[path.section].items.count else { return nil }
        return sections[path.section].items[path.item].id
    }
}
