
/// A published report as blocks that render to Markdown and to HTML alike.
public struct ReportDocument: Sendable {
    public indirect enum Block: Sendable {
        case heading(String)
        case paragraph(String)
        case table(headers: [String], rows: [[String]])
        /// A chart; in Markdown, an image of the SVG file `file` written beside the report (none without a file).
        case chart(SVGChart, file: String?)
        /// A ready SVG figure with its caption (HTML only: the timeline view).
        case figure(svg: String, caption: String)
        /// A table of plain text (user text such as strategy names: escaped, no
        /// Markdown read in it) under a caption.
        case dataTable(caption: String, headers: [String], rows: [[String]])
        /// The findings under a run's table (`strategy: line`, plain text), as a list.
        case findings([(strategy: String, line: String)])
        /// Blocks folded away under a summary line (HTML `<details>`; in Markdown, a heading and the blocks).
        case details(summary: String, blocks: [Block])
    }

    /// The file name, without extension (`timeline`).
    public var name: String
    public var title: String
    public var blocks: [Block]

    public init(name: String, title: String, blocks: [Block]) {
        self.name = name
        self.title = title
        self.blocks = blocks
    }

    /// GitHub-flavoured Markdown.
    public func markdown() -> String {
        "# \(title)\n" + Self.markdown(blocks)
    }

    static func markdown(_ blocks: [Block]) -> String {
        var out = ""
        for block in blocks {
            out += "\n"
            switch block {
            case .heading(let text): out += "## \(text)\n"
            case .paragraph(let text): out += text + "\n"
            case let .table(headers, rows):
                out += TextTable.render(headers: headers, rows: rows, markdown: true)
            case let .chart(chart, file): out += file.map { "![\(chart.title)](\($0))\n" } ?? ""
            case .figure(_, let caption): out += "(\(caption): in `report.html`.)\n"
            case let .dataTable(caption, headers, rows):
                out += TextTable.markdownEscape(caption) + "\n\n" + TextTable.render(headers: headers, rows: rows, markdown: true)
            case .findings(let lines):
                out += lines.map { "- `\($0.strategy)` " + TextTable.markdownEscape($0.line) + "\n" }.joined()
            case let .details(summary, inner): out += "### \(summary)\n" + markdown(inner)
            }
        }
        return out
    }

    /// The SVG files the Markdown refers to, by file name.
    public var chartFiles: [(file: String, svg: String)] {
        func files(_ blocks: [Block]) -> [(file: String, svg: String)] {
            blocks.flatMap { block -> [(file: String, svg: String)] in
                if case let .chart(chart, file?) = block { return [(file, chart.render() + "\n")] }
                if case let .details(_, inner) = block { return files(inner) }
                return []
            }
        }
        return files(blocks)
    }

    /// An HTML `<section>` (for one page holding every report).
    public func htmlSection() -> String {
        "<section id=\"\(SVGChart.escape(name))\"><h2>\(SVGChart.escape(title))</h2>\n" + Self.html(blocks) + "</section>\n"
    }

    /// The blocks as HTML. Tables sit in a box that scrolls sideways when
    /// a narrow screen cannot hold them (their first column stays put);
    /// every chart is drawn as small multiples, one panel of 360 points per
    /// series on shared axes, so its text stays legible on a phone; a wide
    /// figure scrolls sideways there.
    ///
    /// - Complexity: O(output).
    static func html(_ blocks: [Block]) -> String {
        var out = ""
        for block in blocks {
            switch block {
            case .heading(let text): out += "<h3>\(SVGChart.escape(text))</h3>\n"
            case .paragraph(let text): out += "<p>\(inlineHTML(text))</p>\n"
            case let .table(headers, rows):
                out += "<div class=\"tw\"><table><tr>" + headers.map { "<th>\(inlineHTML($0))</th>" }.joined() + "</tr>\n"
                out += tableRows(rows, inlineHTML)
                out += "</table></div>\n"
            case let .dataTable(caption, headers, rows):
                // On a phone each row becomes a card of "heading: value" lines (HTMLPage.style), so no column is cut off.
                out += "<div class=\"tw\"><table class=\"cards\"><caption>\(SVGChart.escape(caption))</caption><tr>"
                    + headers.map { "<th>\(SVGChart.escape($0))</th>" }.joined() + "</tr>\n"
                out += tableRows(rows, SVGChart.escape, labels: headers.map(SVGChart.escape))
                out += "</table></div>\n"
            case let .figure(svg, caption):
                out += "<figure class=\"wide\">\(svg)<figcaption>\(SVGChart.escape(caption))</figcaption></figure>\n"
            case .chart(let chart, _):
                out += "<figure><figcaption>\(SVGChart.escape(chart.title))</figcaption><div class=\"multiples\">"
                    + chart.smallMultiples(limit: 0).map { $0.render() }.joined() + "</div></figure>\n"
            case .findings(let lines):
                out += "<ul class=\"findings\">" + lines.map { "<li><strong>\(SVGChart.escape($0.strategy))</strong>: \(SVGChart.escape($0.line))</li>" }.joined()
                    + "</ul>\n"
            case let .details(summary, inner):
                out += "<details><summary>\(SVGChart.escape(summary))</summary>\n" + html(inner) + "</details>\n"
            }
        }
        return out
    }

    /// Table rows as HTML, each cell through `cell`; a column holding any
    /// cell that is not a figure (see ``isFigure(_:)``) is text, left-aligned
    /// (`class="t"`); figures are right-aligned.
    ///
    /// - Complexity: O(cells).
    /// With `labels` (the escaped headings), each cell carries its column's
    /// heading as `data-label`, which a phone's card layout shows beside it.
    static func tableRows(_ rows: [[String]], _ cell: (String) -> String, labels: [String]? = nil) -> String {
        let columns = rows.map(\.count).max() ?? 0
        let text = (0..<columns).map { column in rows.contains { column < $0.count && !isFigure($0[column]) } }
        return rows.map { row in
            "<tr>" + row.enumerated().map { index, value in
                let label = labels.flatMap { index < $0.count ? " data-label=\"\($0[index])\"" : nil } ?? ""
                return (text[index] ? "<td class=\"t\"\(label)>" : "<td\(label)>") + cell(value) + "</td>"
            }.joined() + "</tr>\n"
        }.joined()
    }

    /// Whether a cell is a figure: "-", or it starts with a digit, a sign or
    /// a point followed by a digit ("12.5", "+3.1%", "-", "1.0 (good)").
    static func isFigure(_ cell: String) -> Bool {
        let trimmed = cell.drop { $0 == " " }
        if trimmed == "-" || trimmed.isEmpty { return true }
        let digits = trimmed.drop { "+-−.".contains($0) }
        return digits.first?.isNumber == true && trimmed.count - digits.count <= 2
    }

    /// Escapes text and turns `code` spans, **bold** and [links](file.md) into
    /// HTML; a link to another report (a `.md` file beside it) becomes a link
    /// to its section of the page, a link into another folder stays as written.
    static func inlineHTML(_ text: String) -> String {
        var out = ""
        var code = false, bold = false
        if let open = text.firstIndex(of: "["), let middle = text.range(of: "](", range: open..<text.endIndex),
           let close = text[middle.upperBound...].firstIndex(of: ")") {
            let label = text[text.index(after: open)..<middle.lowerBound]
            var target = String(text[middle.upperBound..<close])
            if target.hasSuffix(".md") && !target.contains("/") { target = "#" + target.dropLast(3) }
            return inlineHTML(String(text[..<open])) + "<a href=\"\(SVGChart.escape(target))\">\(inlineHTML(String(label)))</a>"
                + inlineHTML(String(text[text.index(after: close)...]))
        }
        var characters = Substring(SVGChart.escape(text))
        while let first = characters.first {
            if characters.hasPrefix("**") {
                out += bold ? "</strong>" : "<strong>"
                bold.toggle()
                characters = characters.dropFirst(2)
            } else if first == "`" {
                out += code ? "</code>" : "<code>"
                code.toggle()
                characters = characters.dropFirst()
            } else {
                out.append(first)
                characters = characters.dropFirst()
            }
        }
        return out + (code ? "</code>" : "") + (bold ? "</strong>" : "")
    }
}
