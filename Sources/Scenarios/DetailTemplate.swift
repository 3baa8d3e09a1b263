import ListData
/// The restaurant detail page of the reference (seed 1): 17 sections in a
/// fixed order, whose rows follow from the page's state.
///
/// Row identifiers are stable per section, row kind and index, so the same
/// row keeps its identifier across states; a row's version is the state
/// value its content depends on, so it changes exactly when that content does.
public enum DetailTemplate {
    public static let sections = [
        "topImage", "name", "buttons", "addToList", "redirect", "calendar", "catchCopy", "menu", "photos",
        "courses", "news", "otherReports", "reports", "staff", "recommended", "edit", "history",
    ]

    /// How many rows each section has in a state: the counts of
    /// ``build(_:)``'s sections, without building them.
    ///
    /// - Complexity: O(sections).
    public static func rowCounts(_ state: DetailState) -> [Int] {
        // Lanes in the order of DetailState.keys: read by position, not by name.
        func value(_ key: Key) -> Int? { state.value(lane: key.rawValue) }
        func count(_ key: Key) -> Int { value(key) ?? 0 }
        func one(_ key: Key) -> Int { count(key) > 0 ? 1 : 0 }
        var counts = Array(repeating: 0, count: sections.count)
        counts[0] = one(.images)
        let loaded = one(.restaurant)
        counts[1] = loaded
        counts[2] = loaded
        counts[3] = loaded
        counts[4] = one(.redirect)
        counts[5] = one(.calendar)
        counts[6] = one(.catchCopy)
        counts[7] = one(.menu)
        counts[8] = one(.photos)
        counts[9] = count(.courses) > 0 ? count(.courses) + 2 : 0
        counts[10] = count(.news) > 0 ? 3 : 0
        counts[11] = one(.otherReports)
        if let reports = value(.reports) {
            let pageMax = value(.reportsPageMax) ?? 10
            counts[12] = 1 + (reports == 0 ? 1 : reports) + (reports >= pageMax ? 1 : 0)
        }
        counts[13] = one(.staff)
        counts[14] = one(.recommended)
        counts[15] = one(.edit)
        counts[16] = one(.history)
        return counts
    }

    /// The state keys by their lane (their position in ``DetailState/keys``).
    private enum Key: Int {
        case restaurant, images, redirect, calendar, catchCopy, menu, photos, courses, news
        case otherReports, reports, reportsPageMax, staff, recommended, edit, history
    }

    /// The page's sections and rows for a state.
    ///
    /// - Complexity: O(rows).
    public static func build(_ state: DetailState) -> [DataSection] {
        let loaded = (state["restaurant"] ?? 0) > 0
        func row(_ section: Int, _ kind: ItemKind, _ index: Int = 0, version: Int = 0, text: Int = 40, photos: Int = 0) -> Item {
            let kindCode = (ItemKind.allCases.firstIndex(of: kind) ?? 0) * 1_000
            return Item(id: 1_000_000 + section * 100_000 + kindCode + index, version: version, kind: kind,
                        textLength: text, photos: photos)
        }
        func single(_ section: Int, _ kind: ItemKind, when present: Bool, version: Int = 0, text: Int = 40, photos: Int = 0) -> [Item] {
            present ? [row(section, kind, version: version, text: text, photos: photos)] : []
        }
        func count(_ key: String) -> Int { state[key] ?? 0 }
        var result: [[Item]] = Array(repeating: [], count: sections.count)
        result[0] = single(0, .topImage, when: count("images") > 0, version: count("images"), text: 0, photos: 1)
        result[1] = single(1, .name, when: loaded, text: 30)
        result[2] = single(2, .buttons, when: loaded, text: 20)
        result[3] = single(3, .addToList, when: loaded, text: 15)
        result[4] = single(4, .redirect, when: count("redirect") > 0, text: 60)
        result[5] = single(5, .calendar, when: count("calendar") > 0, version: count("calendar"), text: 80)
        result[6] = single(6, .catchCopy, when: count("catchCopy") > 0, text: 160)
        result[7] = single(7, .menu, when: count("menu") > 0, version: count("menu"), text: 120)
        result[8] = single(8, .photoStrip, when: count("photos") > 0, version: count("photos"), text: 0, photos: min(count("photos"), 6))
        if count("courses") > 0 {
            result[9] = [row(9, .courseHeader)] + (0..<count("courses")).map { row(9, .course, $0, text: 90, photos: 1) }
                + [row(9, .courseMore, version: count("courses"))]
        }
        if count("news") > 0 {
            result[10] = [row(10, .newsHeader), row(10, .news, version: count("news"), text: 140), row(10, .newsMore)]
        }
        result[11] = single(11, .otherReports, when: count("otherReports") > 0, version: count("otherReports"), text: 100)
        if let reports = state["reports"] {
            // Documented default (docs/scenario-format.md): 10 until the state sets it.
            let pageMax = state["reportsPageMax"] ?? 10
            result[12] = [row(12, .reportHeader, version: reports)]
                + (reports == 0 ? [row(12, .noReports)] : (0..<reports).map { row(12, .report, $0, text: 220, photos: 2) })
                + (reports >= pageMax ? [row(12, .reportsMore)] : [])
        }
        result[13] = single(13, .staff, when: count("staff") > 0, version: count("staff"), text: 80, photos: 1)
        result[14] = single(14, .recommended, when: count("recommended") > 0, version: count("recommended"), text: 0, photos: min(count("recommended"), 6))
        result[15] = single(15, .edit, when: count("edit") > 0, text: 20)
        result[16] = single(16, .history, when: count("history") > 0, version: count("history"), text: 0, photos: min(count("history"), 6))
        return zip(sections, result).map { DataSection(id: $0, items: $1) }
    }
}
