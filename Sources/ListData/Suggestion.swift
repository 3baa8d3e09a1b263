/// "Did you mean": the nearest of a set of names to a misspelled one, for
/// the one clear message bad input gets (scenario keys, strategy options).
public enum Suggestion {
    /// The longest word a suggestion is looked for: no name is that long, and
    /// the edit distance is O(m · n), so a hostile 200,000-character value
    /// must not reach it.
    public static let longestWord = 64

    /// The candidate that is `word` in other letter case (`IPHONE-15` is
    /// `iphone-15`); else the one candidate that `word` begins; else the
    /// candidate nearest to `word` by edit distance, ignoring case, if it is
    /// near enough to be a typo; nil for a word longer than ``longestWord``.
    ///
    /// - Complexity: O(c · m · n) for `c` candidates, `m` ≤ ``longestWord``.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        guard word.count <= longestWord else { return nil }
        if let sameLetters = candidates.first(where: { $0.lowercased() == word.lowercased() }) { return sameLetters }
        let extensions = candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) && $0.count > word.count }
        if word.count >= 3, extensions.count == 1 { return extensions[0] }
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        return best.1 <= max(2, word.count / 3) ? best.0 : nil
    }

    /// The end of a message about an unknown `word`: "; did you mean 'x'?"
    /// with the closest candidate, or nothing when none is near.
    public static func didYouMean(_ word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance. O(m · n).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
