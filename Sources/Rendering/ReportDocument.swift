
/// A published report as blocks that render to Markdown and to HTML alike.
public struct ReportDocument: Sendable {
    public enum Block: Sendable {
        case heading(String)
        case paragraph(String)
        case table(headers: [String], rows: [[String]])
        /// A chart; in Markdown, an image of the SVG file `file` written beside the report (none without a file).
        case chart(SVGChart, file: String?)
        /// A ready SVG figure with its caption (HTML only: the timeline view).
        case figure(svg: String, caption: String)
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
        var out = "# \(title)\n"
        for block in blocks {
            out += "\n"
            switch block {
            case .heading(let text): out += "## \(text)\n"
            case .paragraph(let text): out += text + "\n"
            case let .table(headers, rows):
                out += TextTable.render(headers: headers, rows: rows, markdown: true)
            case let .chart(chart, file): out += file.map { "![\(chart.title)](\($0))\n" } ?? ""
            case .figure(_, let caption): out += "(\(caption): in `report.html`.)\n"
            }
        }
        return out
    }

    /// The SVG files the Markdown refers to, by file name.
    public var chartFiles: [(file: String, svg: String)] {
        blocks.compactMap { block in
            if case let .chart(chart, file?) = block { return (file, chart.render() + "\n") }
            return nil
        }
    }

    /// An HTML `<section>` (for one page holding every report).
    public func htmlSection() -> String {
        var out = "<section id=\"\(SVGChart.escape(name))\"><h2>\(SVGChart.escape(title))</h2>\n"
        for block in blocks {
            switch block {
            case .heading(let text): out += "<h3>\(SVGChart.escape(text))</h3>\n"
            case .paragraph(let text): out += "<p>\(Self.inlineHTML(text))</p>\n"
            case let .table(headers, rows):
                out += "<table><tr>" + headers.map { "<th>\(Self.inlineHTML($0))</th>" }.joined() + "</tr>\n"
                for row in rows { out += "<tr>" + row.map { "<td>\(Self.inlineHTML($0))</td>" }.joined() + "</tr>\n" }
                out += "</table>\n"
            case let .figure(svg, caption):
                out += "<figure>\(svg)<figcaption>\(SVGChart.escape(caption))</figcaption></figure>\n"
            case .chart(let chart, _):
                // Many series: one small chart each, on shared axes, so every line stays legible.
                let charts = chart.smallMultiples()
                if charts.count == 1 {
                    out += "<figure>\(chart.render())</figure>\n"
                } else {
                    out += "<figure><figcaption>\(SVGChart.escape(chart.title))</figcaption><div class=\"multiples\">"
                        + charts.map { $0.render() }.joined() + "</div></figure>\n"
                }
            }
        }
        return out + "</section>\n"
    }

    /// Escapes text and turns `code` spans, **bold** and [links](file.md) into
    /// HTML; a link to another report becomes a link to its section of the page.
    static func inlineHTML(_ text: String) -> String {
        var out = ""
        var code = false, bold = false
        if let open = text.firstIndex(of: "["), let middle = text.range(of: "](", range: open..<text.endIndex),
           let close = text[middle.upperBound...].firstIndex(of: ")") {
            let label = text[text.index(after: open)..<middle.lowerBound]
            var target = String(text[middle.upperBound..<close])
            if target.hasSuffix(".md") { target = "#" + target.dropLast(3) }
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
