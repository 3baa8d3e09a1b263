/// A simulated `UITableViewCell`: an object with an identity, a reuse
/// identifier, a fixed view hierarchy, and the content it was last configured with.
public final class Cell {
    /// A serial number, unique within a simulation: cell identity for tests and reports.
    public let serial: Int
    public let reuseIdentifier: String
    /// Views in its hierarchy, fixed at creation.
    public let views: Int
    /// What it shows, once configured.
    public internal(set) var content: CellContent?
    /// How often it was configured and how often it came out of a reuse pool.
    public internal(set) var configurations = 0
    public internal(set) var reuses = 0
    /// Memory held for rendered content (backing store and decoded images).
    var renderedBytes = 0
    var decodedBytes = 0
    /// Whether it is on screen (between willDisplay and didEndDisplaying).
    public internal(set) var isDisplayed = false
    /// Whether its images are being decoded off main (``ImageDecoding/offMain``):
    /// until they are set, the cell shows its content without them.
    public internal(set) var imagesPending = false
    /// Bumped whenever the cell's rendering is released, so that an image
    /// decoded for what it showed before is dropped (an image library cancels it).
    var renderGeneration = 0
    /// Whether its images' decode was asked for (ahead of display, or at it) since its rendering was last released.
    var imagesRequested = false

    /// Whether it hosts SwiftUI content (``TableView/registerHosting(_:views:)``).
    var isHosting = false

    init(serial: Int, reuseIdentifier: String, views: Int) {
        self.serial = serial
        self.reuseIdentifier = reuseIdentifier
        self.views = views
    }
}
