/// The search a list's code makes for a row or a position it last saw near
/// a place: outward from a hint, the nearest first (at equal distance, the
/// one after the hint first).
public enum NearestIndex {
    /// The index in `0..<count` nearest `hint` at which `matches` holds, or
    /// nil when none does. The hint may lie outside `0..<count`: the search
    /// then starts from the nearest end's side.
    ///
    /// - Complexity: O(d) calls of `matches` for a match `d` from the hint;
    ///   O(count + |hint|) when there is none.
    public static func search(near hint: Int, count: Int, where matches: (Int) -> Bool) -> Int? {
        var distance = 0
        while hint - distance >= 0 || hint + distance < count {
            let after = hint + distance
            if after >= 0, after < count, matches(after) { return after }
            let before = hint - distance
            if distance > 0, before >= 0, before < count, matches(before) { return before }
            distance += 1
        }
        return nil
    }
}
