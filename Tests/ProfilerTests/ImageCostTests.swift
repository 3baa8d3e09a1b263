import ListData
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

/// A small catalogue written in the kinds vocabulary: two sections of
/// products, each with `photos` photos of 1200 × 1200 pixels shown at
/// 160 × 160 pt, a two-line name, a price and an add-to-cart button.
private func catalogue(photos: Int, pixels: Int = 1_200) -> String {
    """
    {
      "version": 2, "name": "catalogue-\(photos)", "description": "products with large photos", "seed": 3,
      "data": {
        "kinds": [{
          "name": "product", "layout": "autolayout", "height": {"kind": "selfSized", "estimate": 240},
          "parts": [
            {"name": "photos", "images": {"count": \(photos), "pixels": {"width": \(pixels), "height": \(pixels)},
                                          "display": {"width": 160, "height": 160}, "columns": 2}},
            {"name": "name", "texts": [{"length": {"min": 20, "max": 60}, "fontSize": 17, "lineHeight": 22, "maxLines": 2}]},
            {"name": "price", "texts": [{"length": 8, "maxLines": 1}]},
            {"name": "addToCart", "controls": 1}
          ]
        }],
        "sections": [{"id": "shoes", "generate": 40}, {"id": "bags", "generate": 40}]
      },
      "steps": [{"kind": "scan", "untilEveryPostShown": true}]
    }
    """
}

/// One run's image figures: decoding time on every thread, and the most decoded-image memory held at once.
private struct ImageFigures {
    var decodingMs: Double
    var decodedPeakBytes: Int
}

private func run(_ spec: String, photos: Int, pixels: Int = 1_200) throws -> ImageFigures {
    let scenario = try Scenario.decode(Array(catalogue(photos: photos, pixels: pixels).utf8))
    let generated = try scenario.generate()
    let runner = ScenarioRunner(generated: generated, device: try DeviceProfile.shipped(named: generated.device),
                                strategy: try StrategyCatalog.builtIn.named(spec))
    let metrics = runner.run()
    let breakdown = try #require(metrics.breakdown)
    let decoding = (breakdown.main + breakdown.background).filter { $0.category == .imageDecoding }.reduce(0) { $0 + $1.ms }
    return ImageFigures(decodingMs: decoding, decodedPeakBytes: runner.simulation.ledger.peakByKind[.decodedImage] ?? 0)
}

/// The UIKit strategies: those of the catalog that take the `images` option.
private let uiKitStrategies = StrategyCatalog.builtIn.entries
    .filter { $0.options.contains { $0.key == ImageDecoding.key } }.map(\.name)

@Suite("Images as apps load them")
struct ImageCostTests {
    @Test func theCatalogHasUIKitStrategies() {
        #expect(uiKitStrategies.count >= 8)
        #expect(!uiKitStrategies.contains("texture"))
    }

    /// Twice the photos per product: more decoding time and more decoded
    /// memory, for every UIKit strategy, decoding on main or off main.
    @Test(arguments: uiKitStrategies.flatMap { [$0, "\($0):images=\(ImageDecoding.offMain.rawValue)"] })
    func doublingThePhotosCostsMore(spec: String) throws {
        let one = try run(spec, photos: 1)
        let two = try run(spec, photos: 2)
        #expect(one.decodingMs > 0, "\(spec)")
        #expect(two.decodingMs > one.decodingMs, "\(spec): \(one.decodingMs) → \(two.decodingMs) ms")
        #expect(two.decodedPeakBytes > one.decodedPeakBytes, "\(spec): \(one.decodedPeakBytes) → \(two.decodedPeakBytes) bytes")
    }

    /// Decoded on main at commit, an image costs its source pixels (1200 ×
    /// 1200 × 4 bytes); decoded and downsampled off main, its display pixels.
    @Test func offMainKeepsOnlyTheDisplayPixels() throws {
        let device = try DeviceProfile.shipped(named: "iphone-15")
        let onMain = try run("identifier-diff", photos: 1)
        let offMain = try run("identifier-diff:images=\(ImageDecoding.offMain.rawValue)", photos: 1)
        let source = 1_200 * 1_200 * 4
        let display = Int(160 * 160 * device.scale * device.scale) * 4
        #expect(onMain.decodedPeakBytes % source == 0)
        #expect(offMain.decodedPeakBytes % display == 0)
        #expect(offMain.decodedPeakBytes > 0 && offMain.decodedPeakBytes < onMain.decodedPeakBytes)
        // Decoding follows the source's pixels wherever it runs: about as long per image.
        #expect(offMain.decodingMs > 0)
    }

    /// Downsampling never enlarges: a 100 × 100 source shown at 160 × 160 pt
    /// keeps its own pixels off main, as on main (ImageIO's thumbnail does not upscale).
    @Test func offMainNeverHoldsMoreThanTheSource() throws {
        let onMain = try run("identifier-diff", photos: 1, pixels: 100)
        let offMain = try run("identifier-diff:images=\(ImageDecoding.offMain.rawValue)", photos: 1, pixels: 100)
        #expect(onMain.decodedPeakBytes % (100 * 100 * 4) == 0)
        #expect(offMain.decodedPeakBytes > 0 && offMain.decodedPeakBytes <= onMain.decodedPeakBytes)
    }

    /// The sample's Texture cell shows only a post's id: on a scenario's own
    /// kinds, `cells=sample` builds the kinds' nodes, so a Texture run of a
    /// user's catalogue decodes its photos as `cells=rich` does.
    @Test func textureShowsTheScenariosKinds() throws {
        let sample = try run("texture", photos: 1)
        let rich = try run("texture:cells=rich", photos: 1)
        #expect(sample.decodingMs > 0)
        #expect(sample.decodingMs == rich.decodingMs)
    }
}
