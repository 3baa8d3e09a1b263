import ListData

extension Scenario {
    /// A scenario file's bytes decoded as ``decode(_:)`` does, with every
    /// leaf value of the file and its JSON path, in file order:
    /// `("data.sections[0].generate", "800")`, `("name", "\"home\"")`,
    /// from the one parse. A report records them so that a baseline check
    /// can name what an edit of the scenario changed (the JSON paths that
    /// differ), not only that it did.
    ///
    /// Strings are shown quoted, numbers as whole numbers when they are whole
    /// (`800`, not `800.0`), an empty object or array as `{}` or `[]`.
    ///
    /// - Complexity: O(n) in the file's size, plus ``decode(_:)``'s.
    /// - Throws: what ``decode(_:)`` throws.
    public static func decodeWithLeafValues(_ bytes: [UInt8]) throws(ScenarioError) -> (scenario: Scenario, values: [(path: String, value: String)]) {
        let root = try parsed(bytes)
        let scenario = try decode(root)
        var values: [(path: String, value: String)] = []
        flatten(root, path: "", into: &values)
        return (scenario, values)
    }

    private static func flatten(_ node: JSONNode, path: String, into out: inout [(path: String, value: String)]) {
        switch node.value {
        case .null: out.append((path, "null"))
        case .bool(let value): out.append((path, value ? "true" : "false"))
        case .number(let value):
            out.append((path, value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"))
        case .string(let text): out.append((path, "\"" + PrintableText.truncated(text) + "\""))
        case .array(let items):
            if items.isEmpty { out.append((path, "[]")) }
            for (index, item) in items.enumerated() { flatten(item, path: "\(path)[\(index)]", into: &out) }
        case .object(let members):
            if members.isEmpty { out.append((path, "{}")) }
            for member in members { flatten(member.node, path: path.isEmpty ? member.key : "\(path).\(member.key)", into: &out) }
        }
    }
}
