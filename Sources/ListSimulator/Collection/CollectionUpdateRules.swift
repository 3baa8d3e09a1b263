import ListDiff

extension BatchUpdateError {
    /// The message as a `surface` prints it on `version`: a table's
    /// (``message(iOS:)``), or a collection view's, the same format strings
    /// with "item" for "row" and "collection view" for "table view".
    ///
    /// The collection view's words, from public logs: "Invalid update:
    /// invalid number of items in section 0.  The number of items contained
    /// in an existing section after the update (3) must be equal to …"
    /// (Instagram/IGListKit #1132, 2018); "… the number of sections
    /// contained in the collection view after the update …"
    /// (yapstudios/YapDatabase #380); "attempt to delete item 20 from
    /// section 0 which only contains 20 items before the update"
    /// (onmyway133/DeepDiff #54); "attempt to insert item 1 into section 0,
    /// but there are only 1 items in section 0 after the update"
    /// (voxeet/voxeet-uxkit-reactnative #61, iOS 15.2); "attempt to perform
    /// a delete and a move from the same index path (…)" (TextureGroup/Texture
    /// #507); "attempt to delete and reload the same index path (…)"
    /// (nek023/QBImagePicker #88). The move messages follow the same
    /// substitution (the format strings of OpenUXKit, a rewrite of the
    /// class, agree with every one of the logs above: inferred).
    public func message(iOS version: Int, surface: SurfaceKind) -> String {
        let text = message(iOS: version)
        guard surface == .collection else { return text }
        return text.replacingOccurrences(of: "a row ", with: "an item ")
            .replacingOccurrences(of: "rows", with: "items")
            .replacingOccurrences(of: "row ", with: "item ")
            .replacingOccurrences(of: "table view", with: "collection view")
    }

    /// Whether this is a count that does not follow from the batch (the
    /// case a collection view's reloadData fallback and iOS 16.4's new
    /// exception are about), rather than a path out of range or two
    /// operations on one path.
    var isCountMismatch: Bool {
        switch self {
        case .invalidSectionCount, .invalidRowCount: return true
        default: return false
        }
    }
}

/// What a `UICollectionView` does with a batch whose counts do not follow
/// from its operations, by iOS version (docs/simulator.md, "Collection
/// views"). A table raises on every version; so does a collection view for
/// every other invalid batch (a path out of range, a delete and a move of
/// one path).
///
/// - Up to iOS 12 it raises `NSInternalInconsistencyException` with the
///   "Invalid update: invalid number of items …" message.
/// - From iOS 13 it logs and performs `reloadData` instead: "[UICollectionView]
///   Invalid update: invalid number of items in section 0. … - will perform
///   reloadData." (JoniVR/VerticalCardSwiper #62, January 2020, when iOS 13
///   was current: the version is inferred from the date; no public source
///   names the first).
/// - Later logs word it "[UICollectionView] Performing reloadData as a
///   fallback — Invalid update: …" (a public log of April 2023, iOS 16 then
///   current). Which version changed the words is not public: the model
///   switches at iOS 15, a guess between the two logs.
/// - iOS 16.4 brought a new exception for the same case: "Invalid batch
///   updates detected: the number of sections and/or items returned by the
///   data source before and/or after performing the batch updates are
///   inconsistent with the updates. …" (an Apple engineer: "This particular
///   exception is new as of iOS 16.4", developer forums thread 728797), and
///   later "Previously, for invalid batch updates UIKit was silently falling
///   back to reload data previously in some cases, resulting in broken
///   animations in certain cases. This is now a hard exception." (thread
///   751732). On iOS 17.1.2 the words are "before and after"
///   (xmartlabs/XLPagerTabStrip #859). The model runs whole versions: 16
///   falls back (16.0 to 16.3 did), 17 and later raise.
///
/// Caveat: Apple never said when the fallback applied ("in some cases");
/// public crash reports show the old message raised on iOS 15 and 16 too
/// (Netvent/storyly-sdk #287), and a forum post ties the fallback to a
/// collection view that is not on screen. The model falls back on every
/// count mismatch from 13 to 16: on those versions it may show a crash as a
/// reload.
public enum CollectionUpdateRules {
    /// The first iOS whose collection views log and reload on a count mismatch.
    public static let firstFallbackIOS = 13
    /// The first iOS whose log says "Performing reloadData as a fallback" (a guess; see the type's notes).
    public static let fallbackWordingIOS = 15
    /// The first whole iOS version that raises "Invalid batch updates detected" (16.4 did).
    public static let hardExceptionIOS = 17

    /// What a collection view does with an invalid batch on `version`.
    public enum Outcome: Equatable, Sendable {
        /// It raises, with this message (the simulated crash).
        case raise(String)
        /// It logs this line and performs `reloadData` instead.
        case fallback(log: String)
    }

    /// The outcome of `error` on `version`, for a batch that took the counts
    /// `before` to `after` (the data source's, asked now) with `update`.
    public static func outcome(of error: BatchUpdateError, iOS version: Int, before: [Int], after: [Int],
                               update: BatchUpdate) -> Outcome {
        let message = error.message(iOS: version, surface: .collection)
        guard error.isCountMismatch, version >= firstFallbackIOS else { return .raise(message) }
        if version >= hardExceptionIOS { return .raise(invalidBatchMessage(before: before, after: after, update: update)) }
        if version >= fallbackWordingIOS { return .fallback(log: "[UICollectionView] Performing reloadData as a fallback — \(message)") }
        return .fallback(log: "[UICollectionView] \(message) - will perform reloadData.")
    }

    /// iOS 16.4's message, as iOS 17 words it: "Invalid batch updates
    /// detected: the number of sections and/or items returned by the data
    /// source before and after performing the batch updates are
    /// inconsistent with the updates. Data source before updates = { 1
    /// section with item counts: [4] } Data source after updates = { 1
    /// section with item counts: [1] } Updates = [ ]" (xmartlabs/XLPagerTabStrip
    /// #859, iOS 17.1.2); an update prints as "Delete item (0 - 27384)",
    /// "Insert item (0 - 27384)" (forums thread 728797). The plural "N
    /// sections", and the words of moves, reloads and section changes, are
    /// listbench's (no public log shows them). The collection view's
    /// description UIKit appends (`Collection view: <…>`) is left out: its
    /// addresses would be ours.
    ///
    /// - Complexity: O(s + k) for `s` sections and `k` operations.
    static func invalidBatchMessage(before: [Int], after: [Int], update: BatchUpdate) -> String {
        func counts(_ counts: [Int]) -> String {
            "{ \(counts.count) section\(counts.count == 1 ? "" : "s") with item counts: [\(counts.map(String.init).joined(separator: ", "))] }"
        }
        func path(_ path: ItemPath) -> String { "(\(path.section) - \(path.item))" }
        var updates: [String] = []
        updates += update.deletedSections.map { "Delete section \($0)" }
        updates += update.insertedSections.map { "Insert section \($0)" }
        updates += update.movedSections.map { "Move section \($0.from) to \($0.to)" }
        updates += update.reloadedSections.map { "Reload section \($0)" }
        updates += update.deletedItems.map { "Delete item \(path($0))" }
        updates += update.insertedItems.map { "Insert item \(path($0))" }
        updates += update.movedItems.map { "Move item \(path($0.from)) to \(path($0.to))" }
        updates += update.reloadedItems.map { "Reload item \(path($0))" }
        let list = updates.isEmpty ? "[ ]" : "[ \(updates.joined(separator: ", ")) ]"
        return "Invalid batch updates detected: the number of sections and/or items returned by the data source before and after "
            + "performing the batch updates are inconsistent with the updates. Data source before updates = \(counts(before)) "
            + "Data source after updates = \(counts(after)) Updates = \(list)"
    }
}
