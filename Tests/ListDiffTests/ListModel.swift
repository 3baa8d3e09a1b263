import ListDiff
import ListSimulator

/// A row of the test model: an identifier and a content version.
struct Row: Equatable, CustomStringConvertible {
    var id: Int
    var content: Int
    var description: String { "\(id):\(content)" }
}

/// A section of the test model.
struct Block: Equatable, CustomStringConvertible {
    var id: Int
    var content: Int
    var rows: [Row]
    var description: String { "[\(id):\(content) \(rows)]" }
}

extension Array where Element == Block {
    var diffSections: [DiffSection<Int, Int>] { map { DiffSection(id: $0.id, items: $0.rows.map(\.id)) } }
    var rowCounts: [Int] { map(\.rows.count) }
}

enum ApplyFailure: Error, CustomStringConvertible {
    case inconsistency(BatchUpdateError, stage: Int)
    case identityChanged(String)

    var description: String {
        switch self {
        case .inconsistency(let error, let stage): return "stage \(stage): \(error)"
        case .identityChanged(let detail): return detail
        }
    }
}

/// Computes the sectioned changes between two models, content checks included.
func sectionedChanges(_ old: [Block], _ new: [Block], _ policy: DuplicatePolicy = .bestEffort) throws -> SectionedChanges {
    try SectionedChanges(
        from: old.diffSections, to: new.diffSections, duplicates: policy,
        isSectionUpdated: { old[$0].content != new[$1].content },
        isItemUpdated: { old[$0.section].rows[$0.item].content != new[$1.section].rows[$1.item].content })
}

/// Performs the staged batch updates on `old` the way a table view does:
/// each stage is validated against the current counts and the data source's
/// (final) counts; kept and moved rows keep what they showed, reloaded and
/// inserted rows read the data source.
func perform(_ stages: [BatchUpdate], on old: [Block], dataSource new: [Block]) throws -> [Block] {
    var current = old
    for (index, stage) in stages.enumerated() {
        let plan: BatchUpdatePlan
        do {
            plan = try BatchUpdatePlan.resolve(stage, rowCountsBefore: current.rowCounts, rowCountsAfter: new.rowCounts)
        } catch {
            throw ApplyFailure.inconsistency(error, stage: index + 1)
        }
        var next: [Block] = []
        for (s, origin) in plan.sections.enumerated() {
            var block: Block
            switch origin {
            case .kept(let o), .moved(let o):
                block = Block(id: current[o].id, content: current[o].content, rows: [])
                for r in 0..<new[s].rows.count {
                    switch plan.origin(ofRow: r, inSection: s) {
                    case .kept(let p), .moved(let p):
                        block.rows.append(current[p.section].rows[p.item])
                    case .reloaded(let p):
                        guard current[p.section].rows[p.item].id == new[s].rows[r].id else {
                            throw ApplyFailure.identityChanged("reload of \(p) shows another item")
                        }
                        block.rows.append(new[s].rows[r])
                    case .inserted:
                        block.rows.append(new[s].rows[r])
                    }
                }
            case .reloaded(let o):
                guard current[o].id == new[s].id else {
                    throw ApplyFailure.identityChanged("reload of section \(o) shows another section")
                }
                block = new[s]
            case .inserted:
                block = new[s]
            }
            next.append(block)
        }
        current = next
    }
    return current
}
