import BrewLogCore

/// Which rows `watch` shows, top to bottom, on a screen `height` lines high: the title, the
/// streak, today's brews, the open bags, then the newest brews, newest first, as many as fit.
enum DashboardLayout {
    /// The rows for the store as it is now; never more than `height`.
    static func rows(of store: BrewLogStore, height: Int) -> [DashboardRow] {
        let today = store.today
        let rules = store.rules
        var rows: [DashboardRow] = [.title, .streak, .gap(0), .heading("Today")]
        let todays = store.brewsByDate(limit: nil) { rules.day(of: $0) == today }
        rows += todays.isEmpty ? [.note("no brew yet")] : todays.map { .todayBrew($0.id) }
        rows += [.gap(1), .heading("Open bags")]
        let bags = store.beanBags.filter(\.isOpen)
        rows += bags.isEmpty ? [.note("none open")] : bags.map { .bag($0.id) }
        rows += [.gap(2), .heading("Newest")]
        let room = height - rows.count
        if room > 0 {
            let newest = store.brewsByDate(limit: room) { _ in true }
            rows += newest.isEmpty ? [.note("no brews yet")] : newest.reversed().map { .newestBrew($0.id) }
        }
        return Array(rows.prefix(height))
    }
}
