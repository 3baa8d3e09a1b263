import Foundation

/// Text written into JSON by hand (a trace streamed event by event, a value
/// spliced into a scenario file), where no encoder is at hand.
public enum JSONText {
    /// `text` as the contents of a JSON string: `"` and `\` escaped, line
    /// breaks and tabs as `\n`, `\r`, `\t`, every other C0 control character
    /// as `\u00XX` (RFC 8259, section 7); everything else as it is.
    ///
    /// - Complexity: O(n) in the text's scalars.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
