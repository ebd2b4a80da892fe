import BrewLogCore

/// `brewlog bean add|list|show|edit|finish|rm`: bags of coffee beans, their freshness and use.
enum BeanCommand: CommandFamily {
    /// Its options.
    enum Option {
        static let roaster = OptionSpec("roaster", value: "text", completes: .nothing, help: "Who roasted it.")
        static let origin = OptionSpec("origin", value: "text", completes: .nothing, help: "Where it grew.")
        static let process = OptionSpec("process", value: "text", completes: .nothing, help: "How it was processed (washed, natural, honey).")
        static let roasted = OptionSpec("roasted", value: "day", completes: .fixed(["today", "yesterday"]), help: "The day it was roasted: a date, yesterday, mon, -3d, …")
        static let weight = OptionSpec("weight", value: "g", completes: .nothing, help: "What the bag holds, in grams (more than 0, at most 100000; 250 or 250g).")
        static let price = OptionSpec("price", value: "amount", completes: .nothing, help: "What the bag cost, in ui.currency (0 or more): each brew's cost is price × dose ÷ weight.")
        static let opened = OptionSpec("opened", value: "day", completes: .fixed(["today", "yesterday"]), help: "The day it was opened (default for 'add': today).")
        static let notes = OptionSpec("notes", short: "n", value: "text", completes: .nothing, help: "Free text.")
        static let tag = OptionSpec("tag", value: "tag", completes: .lookup(.tags), repeatable: true, help: "A tag (repeatable; no commas or whitespace); 'bean edit' adds it.")
        static let name = OptionSpec("name", value: "name", completes: .nothing, help: "A new name (brews find their bag by this name).")
        static let unset = OptionSpec("unset", value: "field", completes: .fixed(unsettable), repeatable: true, help: "Clear a field: " + unsettable.joined(separator: ", ") + ".")
        static let all = OptionSpec("all", help: "Finished bags too.")
        static let json = OptionSpec("json", help: "Print JSON (the journal's keys plus days_off_roast, grams_used, grams_left, brews, average_rating, cost_per_cup).")
    }

    /// The fields `edit --unset` clears (the name cannot be cleared).
    static let unsettable = ["roaster", "origin", "process", "roasted", "weight", "price", "opened", "finished", "notes", "tags"]

    /// The options that set a bag's fields, for 'add' and 'edit'.
    static let fieldOptions = [Option.roaster, Option.origin, Option.process, Option.roasted, Option.weight, Option.price, Option.opened,
                               Option.notes, Option.tag]

    static let spec = CommandSpec(
        name: "bean",
        abstract: "Keep bags of coffee: freshness, grams used and left, brews and ratings.",
        usage: "bean <subcommand>",
        options: [],
        discussion: """
            A brew logged with 'add --bean BAG' belongs to that bag whatever its coffee says. Any
            other brew belongs to a bag when its coffee is the bag's name (ignoring case) and it was
            brewed on or after the day the bag was opened (else roasted) and not after the day
            it was finished; when several bags match, the one opened last (of bags opened the
            same day, the one roasted last, else the later in the journal). Days off roast are
            counted from the roast day to the brew's day (or today; for a finished bag, at most
            to its finish day). Grams used are the sum of the bag's brews' doses; grams left its
            weight less that (shown as 0, marked '!', when the brews used more; marked 'low' when
            under two of its brews' average dose, or 30 g before any). A bag with a --price and a
            --weight gives each brew a cost (price × dose ÷ weight, in ui.currency) and the bag a
            cost per cup (the cost of its brews' average dose). 'rm' removes a bag, leaving a
            tombstone so an import or a conflict copy does not bring it back: brews that named it
            keep their link and belong to no bag.

            EXAMPLES:
              brewlog bean add "Kenya AA" --roaster "Square Mile" --roasted 2026-11-10 --weight 250 --price 14.50
              brewlog bean list --all
              brewlog bean show "kenya aa"
              brewlog bean edit "Kenya AA" --process washed --unset notes
              brewlog bean finish "Kenya AA" yesterday
              brewlog bean rm kenya
            """,
        subcommands: [Add.self, List.self, Show.self, Edit.self, Finish.self, Remove.self])
}
