/// Texture 2.7's shared cache of text-kit renderers, as the memory ledger sees it.
///
/// An `ASTextNode` holds no renderer of its own: every text node asks one
/// process-wide `NSCache` (`countLimit` 500) for the renderer of its
/// attributed string at its size, and makes one when the cache has none
/// (Texture 2.7, `ASTextNode.mm`, `sharedRendererCache()` and
/// `rendererForAttributes()`: "neither the node nor layout should ever have a
/// strong reference to the renderer object … we maintain a LRU renderer
/// cache"). A node asks when it is measured and again when it draws. So
/// renderers outlive the nodes that made them, and their number is bounded.
///
/// The model keeps renderers by key and evicts the least recently used past
/// ``countLimit``. `NSCache` documents its limit as not strict and its
/// eviction order as unspecified, and it also evicts under memory pressure;
/// least-recently-used is what Texture's comment names, and it keeps the
/// model deterministic.
///
/// - Complexity: O(1) amortised per request.
struct TextRendererCache {
    /// A renderer's identity: the content it lays out (item and version) and
    /// which of that content's distinct strings it is.
    struct Key: Hashable {
        var content: ContentKey
        var index: Int
    }

    /// `sharedRendererCache().countLimit` in Texture 2.7 (`ASTextNode.mm`: "500 renders cache").
    static let countLimit = 500

    /// Each cached renderer's last use, by key.
    private var lastUse: [Key: Int] = [:]
    /// The key last used at each tick (ticks of keys used again since are gone).
    private var byTick: [Int: Key] = [:]
    private var tick = 0
    /// The oldest tick that may still name a cached key.
    private var oldest = 0

    /// Renderers cached.
    var count: Int { lastUse.count }

    /// Asks for a renderer, as a text node does when it is measured or drawn.
    ///
    /// - Returns: whether a renderer was made (it was not cached), and how
    ///   many renderers were evicted to stay within ``countLimit``.
    mutating func request(_ key: Key) -> (made: Bool, evicted: Int) {
        let made: Bool
        if let previous = lastUse[key] {
            byTick[previous] = nil
            made = false
        } else {
            made = true
        }
        lastUse[key] = tick
        byTick[tick] = key
        tick += 1
        var evicted = 0
        while lastUse.count > Self.countLimit {
            while byTick[oldest] == nil { oldest += 1 }
            if let victim = byTick.removeValue(forKey: oldest) {
                lastUse[victim] = nil
                evicted += 1
            }
        }
        return (made, evicted)
    }
}
