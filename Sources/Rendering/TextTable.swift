import ListData

/// A plain-text table with aligned columns, for terminal reports.
public struct TextTable: Sendable {
    public enum Alignment: Sendable { case left, right }

    public var headers: [String]
    public var alignments: [Alignment]
    public var rows: [[String]] = []

    public init(headers: [String], alignments: [Alignment]) {
        self.headers = headers
        self.alignments = alignments
    }

    public mutating func append(_ row: [String]) { rows.append(row) }

    /// The table as lines: header, a rule, then the rows; columns two spaces apart.
    ///
    /// - Complexity: O(cells).
    public func render() -> String {
        // Cells print on one line and send nothing to the terminal (``PrintableText/escaped(_:keepingLines:)``).
        let all = ([headers] + rows).map { $0.map { PrintableText.escaped($0) } }
        let headers = all[0], rows = all.dropFirst()
        var widths = [Int](repeating: 0, count: headers.count)
        for row in all {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (index, width) in widths.enumerated() {
                let cell = index < cells.count ? cells[index] : ""
                let pad = String(repeating: " ", count: width - cell.count)
                let alignment = index < alignments.count ? alignments[index] : .left
                parts.append(alignment == .right ? pad + cell : cell + pad)
            }
            // Without the trailing spaces: walked back from the end one
            // character at a time (reversing the whole line, twice, broke
            // every character of it into graphemes backwards).
            let text = parts.joined(separator: "  ")
            var end = text.endIndex
            while end > text.startIndex {
                let before = text.index(before: end)
                guard text[before] == " " else { break }
                end = before
            }
            return String(text[..<end])
        }
        var lines = [line(headers)]
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        lines += rows.map(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table as GitHub-flavoured Markdown, cells escaped, columns aligned as given.
    ///
    /// - Complexity: O(cells).
    public func renderMarkdown() -> String {
        func line(_ cells: [String]) -> String { "| " + cells.map(Self.markdownEscape).joined(separator: " | ") + " |\n" }
        let rule = headers.indices.map { index in
            (index < alignments.count ? alignments[index] : .left) == .right ? "--:" : ":--"
        }
        return line(headers) + "|" + rule.joined(separator: "|") + "|\n" + rows.map(line).joined()
    }

    /// A table whose first `leftColumns` columns are left-aligned and the rest right-aligned, as text or Markdown.
    public static func render(headers: [String], rows: [[String]], leftColumns: Int = 1, markdown: Bool) -> String {
        var table = TextTable(headers: headers, alignments: headers.indices.map { $0 < leftColumns ? .left : .right })
        table.rows = rows
        return markdown ? table.renderMarkdown() : table.render()
    }

    /// Escapes a Markdown table cell: pipes, and line breaks as spaces.
    public static func markdownEscape(_ text: String) -> String {
        PrintableText.escaped(text.replacingOccurrences(of: "\n", with: " ")).replacingOccurrences(of: "|", with: "\\|")
    }
}
