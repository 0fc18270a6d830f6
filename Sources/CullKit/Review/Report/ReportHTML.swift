#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The static report's tiles as HTML, so a report shows every file without JavaScript (a cron
/// mail, a CI artifact, a browser with scripts off): the same elements and classes the live page's
/// script makes, with each tile's facts in `data-` attributes for the script to filter and sort by.
/// Every text goes through ``HTML/escape(_:)``.
enum ReportHTML {
    /// The sections of `scope` (groups first, keeper first in each; then the other files, largest first).
    static func sections(_ scope: ReviewScope, items: [Int64: ReviewModel.Item], thumbnail: (Int64) -> String) -> String {
        var out = ""
        var any = false
        for (index, section) in scope.sections.enumerated() {
            let shown = section.assets.compactMap { items[$0] }
            guard !shown.isEmpty else { continue }
            any = true
            out += "<section class=\"rule\" data-section=\"\(index)\"><h2><span class=\"rule-name\">\(HTML.escape(section.rule))</span>"
            if !section.ruleFile.isEmpty { out += "<span class=\"file\">\(HTML.escape(section.ruleFile))</span>" }
            out += "<span class=\"totals\">\(HTML.escape(totals(shown)))</span></h2>\n"
            let largest: (ReviewModel.Item, ReviewModel.Item) -> Bool = { $0.size != $1.size ? $0.size > $1.size : $0.id < $1.id }
            for (number, group) in section.groups.enumerated() {
                let members = shown.filter { $0.group == number }.sorted { a, b in a.keeper != b.keeper ? a.keeper : largest(a, b) }
                guard !members.isEmpty else { continue }
                let keeperName = group.keeper.flatMap { items[$0]?.name } ?? "one copy"
                let caption = "\(group.title): keeps \(keeperName) (\(group.decided))"
                out += "<div class=\"group\" role=\"group\" data-group=\"\(number)\"" + (group.keeper.map { " data-keeper=\"\($0)\"" } ?? "")
                    + " aria-label=\"\(HTML.escape(caption))\"><p class=\"why\"><strong>\(HTML.escape(group.title))</strong>: keeps "
                    + "\(HTML.escape(keeperName)) (\(HTML.escape(group.decided)))</p><div class=\"grid\">\n"
                for item in members { out += tile(item, thumbnail: thumbnail(item.id)) }
                out += "</div></div>\n"
            }
            let loose = shown.filter { $0.group == nil }.sorted(by: largest)
            if !loose.isEmpty {
                out += "<div class=\"grid\">\n"
                for item in loose { out += tile(item, thumbnail: thumbnail(item.id)) }
                out += "</div>\n"
            }
            out += "</section>\n"
        }
        return any ? out : "<p class=\"empty\">Nothing to review: nothing is staged or proposed.</p>"
    }

    /// What a section's heading counts: what would leave (staged or proposed), never what stays.
    static func totals(_ items: [ReviewModel.Item]) -> String {
        let leaving = items.filter { $0.state == .staged || $0.state == .proposed }
        let size = leaving.reduce(Int64(0)) { $0 + $1.size }
        var text = leaving.isEmpty ? "nothing to go" : "\(English.count(leaving.count, "file")) to go \u{b7} \(bytes(size))"
        if leaving.count < items.count { text += " (\(items.count - leaving.count) of \(items.count) shown stay)" }
        return text
    }

    static func tile(_ item: ReviewModel.Item, thumbnail: String) -> String {
        let full = (item.folder.isEmpty ? "" : item.folder + "/") + item.name
        let reason = item.broken.map { "damaged: \($0); " + item.reason } ?? item.reason
        let label = "\(item.name), \(item.label)\(item.keeper ? ", keeper of its group" : ""), \(bytes(item.size))"
        var facts = "\(bytes(item.size)) \u{b7} \(day(item.date))"
        if let duration = item.duration { facts += " \u{b7} " + Placeholder.clock(duration) }
        var html = "<div class=\"tile \(item.state.rawValue)\(item.keeper ? " keeper" : "")\" tabindex=\"0\" role=\"group\""
        html += " aria-label=\"\(HTML.escape(label))\" data-id=\"\(item.id)\" data-kind=\"\(HTML.escape(item.kindWord))\" data-ext=\"\(HTML.escape(item.ext))\""
        html += " data-size=\"\(item.size)\" data-date=\"\(item.date)\" data-state=\"\(item.state.rawValue)\">"
        html += "<div class=\"thumb\"><img loading=\"lazy\" decoding=\"async\" alt=\"\(HTML.escape(item.name))\" src=\"\(HTML.escape(thumbnail))\"></div>"
        html += "<div class=\"meta\"><span class=\"name\" title=\"\(HTML.escape(full))\"><span class=\"base\">\(HTML.escape(item.name))</span>"
        if !item.folder.isEmpty { html += "<span class=\"dir\">\(HTML.escape(item.folder))/</span>" }
        html += "</span><span class=\"facts\" title=\"\(item.dated ? "capture date" : "no capture date: the file's modification date")\">"
        html += "\(HTML.escape(facts))</span><p class=\"reason\" tabindex=\"0\" title=\"\(HTML.escape(reason))\">\(HTML.escape(reason))</p></div>"
        html += "<span class=\"badge\">\(item.label)</span>"
        if item.keeper { html += "<span class=\"keeper-mark\">keeper</span>" }
        return html + "</div>\n"
    }

    /// Bytes as the page's script writes them (decimal units, one decimal: `6.4 MB`).
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(count), unit = 0
        while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
        guard unit > 0 else { return "\(count) B" }
        let rounded = (value * 10).rounded() / 10
        return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + " " + units[unit]
    }

    /// `YYYY-MM-DD` of an epoch second, in UTC (as the page's script shows it).
    static func day(_ epoch: Int64) -> String {
        var seconds = time_t(epoch)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "?" }
        let two = { (value: Int32) in value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
    }
}
