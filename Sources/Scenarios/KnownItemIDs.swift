import ListData

/// The item identifiers a scenario's data is known to have, for checking a
/// scroll to an item by identifier without generating the data.
///
/// A feed's identifiers follow from the file alone, whatever the seed: its
/// explicit items keep theirs, and its generated items are numbered from 1
/// in section order, or from one past the largest explicit identifier when
/// there are explicit items (``Scenario/generate(device:)``). Items the
/// world inserts later are numbered by the seeded stream and are not
/// known. The detail page's rows have the identifiers its template gives
/// them, in the first state and in every state the world sends.
struct KnownItemIDs: CustomStringConvertible {
    /// Generated identifiers, a range (empty when none are generated).
    private var generated: ClosedRange<Int>?
    /// Explicit identifiers (a feed's `items`), or the detail page's rows.
    private var listed: Set<Int> = []
    private let isDetail: Bool

    /// - Complexity: O(explicit items) for a feed; O(states × rows) for the detail page.
    init(_ scenario: Scenario) {
        switch scenario.data {
        case .feed(let sections, _):
            isDetail = false
            let explicit = sections.flatMap { $0.items.map(\.id) }
            listed = Set(explicit)
            let count = sections.reduce(0) { $0 + $1.generate }
            let first = (explicit.max() ?? 0) + 1
            generated = count > 0 ? first...(first + count - 1) : nil
        case .restaurantDetail(let initial):
            isDetail = true
            var state = initial
            var ids = Set(DetailTemplate.build(state).flatMap { $0.items.map(\.id) })
            for entry in Scenario.timeline(scenario.world) {
                guard case .state(let patch) = entry.kind else { continue }
                state = state.merging(patch)
                for section in DetailTemplate.build(state) { for item in section.items { ids.insert(item.id) } }
            }
            listed = ids
        }
    }

    func contains(_ id: Int) -> Bool { generated?.contains(id) == true || listed.contains(id) }

    /// `1...170 (generated) and 500, 501 (explicit)`, or the detail page's
    /// first and last row identifiers; at most five explicit ones are listed.
    var description: String {
        let sorted = listed.sorted()
        guard let first = sorted.first, let last = sorted.last else {
            return generated.map { "\($0.lowerBound)...\($0.upperBound), generated" } ?? "none"
        }
        if isDetail { return "the detail page's rows, \(sorted.count) identifiers from \(first) to \(last)" }
        let shown = sorted.prefix(5).map(String.init).joined(separator: ", ") + (sorted.count > 5 ? ", …" : "")
        let explicit = "\(shown) (explicit)"
        guard let generated else { return explicit }
        return "\(generated.lowerBound)...\(generated.upperBound) (generated) and \(explicit)"
    }
}
