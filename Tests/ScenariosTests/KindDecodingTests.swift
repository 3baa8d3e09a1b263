import ListData
@testable import Scenarios
import Testing

/// A version 2 file with one kind, `product`, whose first part is `part`
/// and whose data is `sections` (a JSON array).
private func kinds(part: String = #"{"name": "photo", "images": {"display": {"width": 160, "height": 160}}}"#,
                   kind: String = "", sections: String = #"[{"id": "shoes", "generate": 10}]"#, version: Int = 2,
                   dataExtra: String = "") -> String {
    """
    {"version": \(version), "name": "k", "description": "d", "seed": 1,
     "data": {"kinds": [{"name": "product", \(kind)"parts": [\(part)]}], "sections": \(sections)\(dataExtra)}}
    """
}

/// The message decoding gives, or nil when the file decodes.
private func message(_ text: String) -> String? {
    do {
        _ = try Scenario.decode(Array(text.utf8))
        return nil
    } catch {
        return error.description
    }
}

struct BadKind: CustomTestStringConvertible, Sendable {
    var label: String
    var text: String
    var fragment: String
    var testDescription: String { label }
}

let badKinds: [BadKind] = [
    BadKind(label: "version 1 with kinds", text: kinds(version: 1),
            fragment: "at version (line 1, column 13): version 1 has no 'data.kinds'; a file that uses it says \"version\": 2"),
    BadKind(label: "no kinds", text: #"{"version": 2, "name": "k", "description": "d", "seed": 1, "data": {"kinds": [], "sections": [{"id": "a"}]}}"#,
            fragment: "at data.kinds (line 1, column 78): data.kinds needs at least one kind"),
    BadKind(label: "no parts", text: kinds().replacingOccurrences(of: #""parts": [{"name": "photo", "images": {"display": {"width": 160, "height": 160}}}]"#, with: #""parts": []"#),
            fragment: "at data.kinds[0].parts (line 2, column 50): a kind needs at least one part"),
    BadKind(label: "duplicate part", text: kinds(part: #"{"name": "a", "views": 1}, {"name": "a", "views": 2}"#),
            fragment: "at data.kinds[0].parts[1].name (line 2, column 78): duplicate part name 'a'"),
    BadKind(label: "shape beside kinds", text: kinds(dataExtra: #", "shape": {"linkCard": 0.5}"#),
            fragment: "at data.shape (line 2, column 183): 'shape' describes built-in posts"),
    BadKind(label: "kinds in the detail template",
            text: #"{"version": 2, "name": "k", "description": "d", "seed": 1, "data": {"template": "restaurant-detail", "kinds": []}}"#,
            fragment: "at data.kinds (line 1, column 111): 'kinds' need the feed template"),
    BadKind(label: "section kinds without kinds",
            text: #"{"version": 2, "name": "k", "description": "d", "seed": 1, "data": {"sections": [{"id": "a", "kinds": {"x": 1}}]}}"#,
            fragment: "at data.sections[0].kinds (line 1, column 103): 'kinds' names kinds of data.kinds, and the file declares none"),
    BadKind(label: "unknown section kind", text: kinds(sections: #"[{"id": "a", "kinds": {"prodct": 1}}]"#),
            fragment: "at data.sections[0].kinds.prodct (line 2, column 172): 'prodct' is not one of: product; did you mean 'product'?"),
    BadKind(label: "no positive kind weight", text: kinds(sections: #"[{"id": "a", "kinds": {"product": 0}}]"#),
            fragment: "at data.sections[0].kinds (line 2, column 161): at least one kind needs a positive weight"),
    BadKind(label: "text length as string", text: kinds(part: #"{"name": "t", "texts": [{"length": "long"}]}"#),
            fragment: "at data.kinds[0].parts[0].texts[0].length (line 2, column 86): expected a whole number, {\"min\": …, \"max\": …}"),
    BadKind(label: "text length past the limit", text: kinds(part: #"{"name": "t", "texts": [{"length": 200000}]}"#),
            fragment: "at data.kinds[0].parts[0].texts[0].length (line 2, column 86): 200000 is out of range; allowed 0...100000"),
    BadKind(label: "length min above max", text: kinds(part: #"{"name": "t", "texts": [{"length": {"min": 9, "max": 2}}]}"#),
            fragment: "min (9) must not exceed max (2)"),
    BadKind(label: "bad display", text: kinds(part: #"{"name": "p", "images": {"display": {"w": 1}}}"#),
            fragment: "at data.kinds[0].parts[0].images.display (line 2, column 87): expected {\"width\": …, \"height\": …} in points"),
    BadKind(label: "missing display", text: kinds(part: #"{"name": "p", "images": {"count": 2}}"#),
            fragment: "at data.kinds[0].parts[0].images.display (line 2, column 75): missing required key 'display'"),
    BadKind(label: "zero-pixel image", text: kinds(part: #"{"name": "p", "images": {"pixels": {"width": 0, "height": 10}, "display": {"width": 1, "height": 1}}}"#),
            fragment: "at data.kinds[0].parts[0].images.pixels.width (line 2, column 96): 0 is out of range; allowed 1...20000"),
    BadKind(label: "fraction above one", text: kinds(part: #"{"name": "p", "images": {"display": {"widthFraction": 2, "aspect": 1}}}"#),
            fragment: "at data.kinds[0].parts[0].images.display.widthFraction (line 2, column 105): 2 is out of range; allowed 0.001...1"),
    BadKind(label: "chance above one", text: kinds(part: #"{"name": "p", "count": {"chance": 1.5}, "views": 1}"#),
            fragment: "at data.kinds[0].parts[0].count.chance (line 2, column 85): 1.5 is out of range; allowed 0...1"),
    BadKind(label: "too many showings", text: kinds(part: #"{"name": "c", "count": 50, "views": 1}, {"name": "d", "count": 20, "views": 1}"#),
            fragment: "at data.kinds[0].parts (line 2, column 50): the parts can show 70 times in one item (counts at their largest); the limit is 64"),
    BadKind(label: "unknown height rule", text: kinds(kind: #""height": {"kind": "auto"}, "#),
            fragment: "at data.kinds[0].height.kind (line 2, column 60): 'auto' is not one of: selfSized, fixed, delegate"),
    BadKind(label: "fixed height without points", text: kinds(kind: #""height": {"kind": "fixed"}, "#),
            fragment: "at data.kinds[0].height.points (line 2, column 51): missing required key 'points'"),
    BadKind(label: "unknown layout", text: kinds(kind: #""layout": "flex", "#),
            fragment: "at data.kinds[0].layout (line 2, column 51): 'flex' is not one of: autolayout, manual"),
    BadKind(label: "unknown part key", text: kinds(part: #"{"name": "p", "image": {}}"#),
            fragment: "at data.kinds[0].parts[0].image (line 2, column 74): unknown key 'image'; did you mean 'images'?"),
    BadKind(label: "post keys on an item of a kind", text: kinds(sections: #"[{"id": "a", "items": [{"id": 3, "kind": "product", "photos": 2}]}]"#),
            fragment: "at data.sections[0].items[0].photos"),
    BadKind(label: "an item without its kind", text: kinds(sections: #"[{"id": "a", "items": [{"id": 3}]}]"#),
            fragment: "at data.sections[0].items[0].kind (line 2, column 162): missing required key 'kind'"),
]

@Suite("Kinds and cell designs: decoding")
struct KindDecodingTests {
    @Test(arguments: badKinds)
    func aBadValueIsRefusedWithItsPath(_ bad: BadKind) throws {
        let text = try #require(message(bad.text), "\(bad.label) decoded")
        #expect(text.contains(bad.fragment), "\(text)")
    }

    @Test func aCatalogueDecodesIntoItsKinds() throws {
        let text = kinds(
            part: #"{"name": "photo", "images": {"count": {"min": 1, "max": 3}, "pixels": {"width": 1200, "height": 1200}, "display": {"width": 160, "height": 160}}}, {"name": "name", "texts": [{"length": {"min": 20, "max": 60}, "fontSize": 17, "lineHeight": 22, "maxLines": 2}]}, {"name": "cart", "controls": 1}"#,
            kind: #""layout": "manual", "height": {"kind": "fixed", "points": 240}, "#,
            sections: #"[{"id": "shoes", "generate": 30}, {"id": "bags", "items": [{"id": 900, "kind": "product"}]}]"#)
        let scenario = try Scenario.decode(Array(text.utf8))
        #expect(scenario.versionTwoKeys == ["data.kinds"])
        let product = try #require(scenario.kinds.first)
        #expect(product.layout == .manual && product.height == .fixed(240))
        #expect(product.parts.map(\.name) == ["photo", "name", "cart"])
        #expect(product.parts[0].images?.pixels?.width == 1200)
        #expect(product.parts[1].texts[0].maxLines == 2 && product.parts[1].texts[0].lineHeight == 22)
        let generated = try scenario.generate()
        #expect(generated.kinds?.kinds == scenario.kinds)
        #expect(generated.sections.flatMap { Array($0.items) }.allSatisfy { $0.designIndex == 0 })
        #expect(generated.sections[1].items.map(\.id) == [900])
        // The binary form keeps the kinds.
        #expect(try GeneratedScenario(decoding: generated.encoded()) == generated)
        // An item's values are drawn from its design, within its ranges, the same each time.
        let set = try #require(generated.kinds)
        let counts = generated.sections[0].items.map { set.value(product.parts[0].images!.count, slot: 1 + 1, of: $0) }
        #expect(counts.allSatisfy { (1...3).contains($0) } && Set(counts).count > 1)
        #expect(counts == generated.sections[0].items.map { set.value(product.parts[0].images!.count, slot: 2, of: $0) })
    }

    @Test func sectionsDrawTheirKindsByWeight() throws {
        let text = """
        {"version": 2, "name": "k", "description": "d", "seed": 5,
         "data": {"kinds": [{"name": "a", "parts": [{"name": "x", "views": 1}]}, {"name": "b", "parts": [{"name": "y", "views": 2}]}],
                  "sections": [{"id": "onlyB", "generate": 50, "kinds": {"b": 1}}, {"id": "both", "generate": 200}]},
         "world": [{"kind": "change", "op": "insert", "count": 20, "section": "onlyB"}]}
        """
        let generated = try Scenario.decode(Array(text.utf8)).generate()
        #expect(generated.sections[0].items.allSatisfy { $0.designIndex == 1 })
        #expect(Set(generated.sections[1].items.map(\.designIndex)) == [0, 1])
        let inserted = generated.changes.compactMap { change -> Item? in
            if case .insert(_, _, let item) = change.change { return item } else { return nil }
        }
        #expect(inserted.count == 20 && inserted.allSatisfy { $0.designIndex == 1 })
    }
}
