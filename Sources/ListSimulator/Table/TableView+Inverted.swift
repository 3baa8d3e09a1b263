/// What an inverted table (a chat's: the table flipped, newest message at
/// row 0) changes in the table view itself.
///
/// - The cells: apps flip each cell back where they configure it
///   (`cell.transform = tableView.transform` in SlackTextViewController's
///   `cellForRow`; `cell.contentView.transform = .mirrorY` in Stream Chat's
///   `dequeueReusableCell`), so ``flipsCellsBack`` charges one more view
///   configured per configured cell (`configurePerViewMicroseconds`:
///   estimate: setting a view's transform is one property set on its layer,
///   the same kind of work as pushing one value into a view). Drawing the
///   flipped layers costs nothing on the CPU: a scale transform is applied
///   when Core Animation composites the layer, with no offscreen pass.
/// - The jumps: at offset 0 (the newest message at the screen's bottom), a
///   row inserted at row 0 pushes the rows the user sees away from the edge,
///   as a chat means it to (messages move up as a new one comes in). The
///   app's code says so (``absorbPendingJump()``), as a normal table's chat
///   code scrolls to the bottom, which is not a jump either.
extension TableView {
    /// The app states that the content the last update(s) moved on screen
    /// moved as the list means it to: the table was at its edge (offset 0 of
    /// an inverted table, the chat's bottom) and new rows came in there.
    /// The pending `scrollJumpPoints` measurement is dropped; a layout pass
    /// after it measures as usual.
    ///
    /// - Complexity: O(1).
    public func absorbPendingJump() {
        pendingJump = nil
        userScrollSinceAnchor = 0
    }
}
