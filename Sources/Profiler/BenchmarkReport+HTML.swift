import Foundation

extension BenchmarkReport {
    /// One self-contained HTML file: no scripts, no external assets. Per
    /// scenario: the headline table, memory over time per strategy (with the
    /// device's limit when in view) and the longest frame of every 100 ms per
    /// strategy against the frame budget. All charts are inline SVG.
    ///
    /// - Complexity: O(total series points); series are thinned to at most
    ///   ``SVGChart/maximumPoints`` points per line (keeping each bucket's peak).
    public func renderHTML(title: String = "listbench report") -> String {
        let metrics = headline()
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(Self.html(title))</title>
            <style>
            body{font:14px -apple-system,Helvetica,Arial,sans-serif;margin:24px;color:#222}
            table{border-collapse:collapse;margin:8px 0 16px}th,td{border:1px solid #ddd;padding:3px 7px}
            td{text-align:right}td:first-child,td:nth-child(2){text-align:left}th{background:#f4f4f4}
            figcaption{font-size:12px;color:#555}
            </style></head><body>
            <h1>\(Self.html(title))</h1>
            <p>\(Self.html(legend))</p>

            """
        for scenario in scenarios {
            out += "<section><h2>\(Self.html(scenario.scenario)) on \(Self.html(scenario.device))</h2>\n<table><tr>"
            for header in ["strategy", "status"] + metrics.map(Self.heading) { out += "<th>\(Self.html(header))</th>" }
            out += "</tr>\n"
            for result in scenario.results {
                out += "<tr>" + row(result, metrics).map { "<td>\(Self.html($0))</td>" }.joined() + "</tr>\n"
            }
            out += "</table>\n"
            out += "<figure>" + SVGChart.memory(scenario).render() + "</figure>\n"
            var frames = SVGChart.frames(scenario)
            frames.height = 260
            out += "<figure>" + frames.render() + "<figcaption>Above the dashed budget line, a frame missed its deadline: a hitch.</figcaption></figure>\n"
            out += "</section>\n"
        }
        return out + "</body></html>\n"
    }

    /// Escapes text for HTML and XML.
    static func html(_ text: String) -> String { SVGChart.escape(text) }
}
