/// The shell of every HTML page listbench writes: one self-contained file,
/// no scripts, no external assets, one stylesheet.
public enum HTMLPage {
    public static let style = """
        body{font:14px -apple-system,Helvetica,Arial,sans-serif;margin:24px auto;max-width:1100px;color:#222;line-height:1.45}
        table{border-collapse:collapse;margin:8px 0 16px;font-size:13px;display:block;max-width:100%;overflow-x:auto}th,td{border:1px solid #ddd;padding:3px 7px}
        svg{max-width:100%;height:auto}.multiples{display:grid;grid-template-columns:repeat(auto-fill,minmax(340px,1fr));gap:8px}
        pre{max-width:100%;overflow-x:auto}
        td{text-align:right}td:first-child{text-align:left}th{background:#f4f4f4}
        figure{margin:12px 0}figcaption{font-size:12px;color:#555}code{background:#f4f4f4;padding:0 3px}
        """

    /// A whole page: `<h1>` with the title, then `body` (already HTML).
    public static func document(title: String, body: String) -> String {
        let title = SVGChart.escape(title)
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(title)</title>\n<style>\n\(style)\n</style></head><body>\n"
            + "<h1>\(title)</h1>\n" + body + "</body></html>\n"
    }
}
