/// Text that may reach a terminal, a Markdown file or a CSV cell: what is
/// not printable in it, and how to show it safely.
///
/// A control character in a name (ESC starting an ANSI or OSC sequence, a
/// newline) could move the terminal's cursor, change its title or break a
/// Markdown heading; a cell that begins with `=`, `+`, `-` or `@` is run as a
/// formula by spreadsheets (OWASP, "CSV Injection").
public enum PrintableText {
    /// Whether a scalar is a control character: C0 (U+0000–U+001F), DEL,
    /// C1 (U+0080–U+009F), or the line and paragraph separators (U+2028, U+2029).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// The first control character in `text` and its position (in characters), or nil.
    ///
    /// - Complexity: O(n).
    public static func firstControl(in text: String) -> (scalar: Unicode.Scalar, offset: Int)? {
        for (offset, scalar) in text.unicodeScalars.enumerated() where isControl(scalar) { return (scalar, offset) }
        return nil
    }

    /// `U+001B`, as messages name a scalar.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The text with every control character shown as an escape (`\n`,
    /// `\r`, `\t`, `\e` for ESC, else `\u{…}`), so it prints on one line
    /// and sends nothing to the terminal. `keepingLines` leaves line breaks
    /// (`\n`, `\r`, as CSV's CRLF needs) and tabs as they are, for text that
    /// spans lines on purpose.
    ///
    /// - Complexity: O(n).
    public static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        func kept(_ scalar: Unicode.Scalar) -> Bool {
            !isControl(scalar) || (keepingLines && (scalar == "\n" || scalar == "\r" || scalar == "\t"))
        }
        let scalars = text.unicodeScalars
        guard !scalars.allSatisfy(kept) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        // Runs of kept text are copied whole (amortised O(n) in all); each control scalar is replaced.
        var runStart = scalars.startIndex
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            if !kept(scalar) {
                out.append(contentsOf: text[runStart..<index])
                switch scalar {
                case "\n": out.append("\\n")
                case "\t": out.append("\\t")
                case "\r": out.append("\\r")
                case "\u{1B}": out.append("\\e")
                default: out.append("\\u{\(String(scalar.value, radix: 16, uppercase: true))}")
                }
                runStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        out.append(contentsOf: text[runStart..<scalars.endIndex])
        return out
    }

    /// At most `limit` characters of `text`, for echoing a value in a
    /// message: a longer value is cut and says how long it was.
    ///
    /// - Complexity: O(limit).
    public static func truncated(_ text: String, limit: Int = 80) -> String {
        var prefix = ""
        var count = 0
        for character in text {
            if count == limit { return prefix + "… (\(text.count) characters)" }
            prefix.append(character)
            count += 1
        }
        return prefix
    }
}
