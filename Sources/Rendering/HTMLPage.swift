/// The shell of every HTML page listbench writes: one self-contained file,
/// no scripts, no external assets, one stylesheet, laid out for a phone
/// (a viewport meta) as for a desktop browser.
///
/// Tables wrap their headings and fit 1280 px windows (``BenchmarkReport``
/// keeps them to ``BenchmarkReport/maximumHTMLColumns`` columns); on a
/// narrow screen (600 px or less) a report's data table shows each row as a
/// card, the strategy on top and one "heading value" line per column, so
/// nothing is cut off or scrolls sideways; other tables scroll sideways
/// inside their box with their first column held in place. Charts sit in a grid of
/// 360-point panels, one per row on a phone.
public enum HTMLPage {
    public static let style = """
        html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
        body{font:14px -apple-system,Helvetica,Arial,sans-serif;margin:24px auto;padding:0 12px;max-width:1100px;color:#222;line-height:1.45}
        .tw{max-width:100%;overflow-x:auto;margin:8px 0 16px}
        table{border-collapse:collapse;font-size:13px}th,td{border:1px solid #ddd;padding:3px 6px}
        th{background:#f4f4f4;vertical-align:bottom;hyphens:auto;-webkit-hyphens:auto}
        td{text-align:right}td.t,td:first-child{text-align:left}
        th:first-child,td:first-child{position:sticky;left:0;background:#fff}th:first-child{background:#f4f4f4}
        caption{text-align:left;font-weight:bold;padding:4px 0}
        svg{max-width:100%;height:auto}.multiples{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:8px}
        .multiples svg{width:100%}figure.wide{overflow-x:auto}figure.wide svg{min-width:900px}
        pre{max-width:100%;overflow-x:auto}
        .findings{background:#fff8e6;border-left:4px solid #e0a800;margin:8px 0 16px;padding:6px 12px 6px 28px;overflow-wrap:anywhere}
        details{margin:8px 0 16px}summary{cursor:pointer;font-weight:bold}
        figure{margin:12px 0}figcaption{font-size:12px;color:#555}code{background:#f4f4f4;padding:0 3px}
        .answer{background:#eef6ee;border-left:4px solid #3a8d3a;padding:6px 12px;margin:8px 0;overflow-wrap:anywhere}
        @media (max-width:600px){body{margin:12px auto}table{font-size:12px}
        table.cards,table.cards caption,table.cards tbody,table.cards tr,table.cards td{display:block;width:auto}
        table.cards tr:first-child{display:none}table.cards tr{border:1px solid #ddd;margin:0 0 8px;padding:2px 0}
        table.cards td{border:0;border-bottom:1px solid #f0f0f0;position:static;text-align:right;overflow-wrap:anywhere}
        table.cards td[data-label]::before{content:attr(data-label);float:left;font-weight:bold;color:#444;padding-right:8px;text-align:left}
        table.cards td:first-child{background:#f4f4f4;font-weight:bold;text-align:left}table.cards td:first-child::before{content:none}}
        """

    /// The viewport meta: a phone lays the page out at its own width instead of a desktop's 980 px.
    public static let viewport = "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"

    /// A whole page: `<h1>` with the title, then `body` (already HTML).
    public static func document(title: String, body: String) -> String {
        let title = SVGChart.escape(title)
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\(viewport)<title>\(title)</title>\n<style>\n\(style)\n</style></head><body>\n"
            + "<h1>\(title)</h1>\n" + body + "</body></html>\n"
    }
}
