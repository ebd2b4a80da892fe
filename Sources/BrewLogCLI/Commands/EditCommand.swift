import BrewLogCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `brewlog edit ID...`: changes fields of one brew or several (`-` reads the ids from standard
/// input), all in one write or none; `--editor` opens one brew's notes in `$VISUAL`/`$EDITOR`.
enum EditCommand: BrewLogCommand {
    /// The options of its own, besides the FIELDS.
    enum Option {
        static let date = OptionSpec("date", short: "d", value: "when", completes: .fixed(["now", "today", "yesterday"]), help: "Move the brew to another time.")
        static let appendNotes = OptionSpec("append-notes", value: "text", completes: .nothing, help: "Add a line to the notes ('-' reads standard input).")
        static let untag = OptionSpec("untag", value: "t", completes: .lookup(.tags), repeatable: true, help: "Remove a tag (repeatable).")
        static let unset = OptionSpec("unset", value: "field", completes: .fixed(FieldOptions.unsettableNames), repeatable: true, help: FieldOptions.unsetHelp)
        static let editor = OptionSpec("editor", help: "Edit the notes in $VISUAL, else $EDITOR, else vi.")
        static let json = OptionSpec("json", help: "Print the edited brew as JSON.")
    }

    static let spec = CommandSpec(
        name: "edit",
        abstract: "Change a brew's fields.",
        usage: "edit <id>... [<fields>] [--date <when>] [--append-notes <text>] [--untag <t>] [--unset <field>] [--editor] [--json]",
        arguments: [ArgumentSpec("id", completes: .lookup(.ids), help: "A brew id, a unique prefix of 4+ characters, or last, last~N, last:METHOD (see ID in 'brewlog help --man'); several change each the same way, and '-' reads ids from standard input, one per line.")],
        positionalCount: 1...Int.max,
        options: FieldOptions.specs + [Option.date, Option.appendNotes, Option.untag, Option.unset, Option.editor, Option.json],
        discussion: """
            --unset runs first, then the field options, --untag and --append-notes. An edit that
            changes nothing writes nothing. Several brews are changed in one write, all or none: an
            id that names no brew, or a change one of them refuses, changes nothing. With --editor
            (one brew) the journal is not locked while you edit; your notes are applied afterwards
            to the brew as it is then.

            EXAMPLES:
              brewlog edit last -r 5 --append-notes "better after a minute"
              brewlog list -q --tag weekend | brewlog edit - --untag weekend
            """)

    static func run(_ context: CommandContext) throws(CLIError) {
        let arguments = context.arguments
        let unset = try FieldOptions.fieldsToUnset(context, Option.unset, from: FieldOptions.unsettable)
        let editing = arguments.has(Option.editor)
        let notesText = FieldOptions.value(of: .notes, in: arguments), appendedText = arguments.value(Option.appendNotes)
        if editing, notesText != nil || appendedText != nil || unset.contains(.notes) {
            throw context.usage("--editor writes the notes, so it cannot be given with --notes, --append-notes or --unset notes")
        }
        if notesText == "-" && appendedText == "-" {
            throw context.usage("'--notes -' and '--append-notes -' cannot both read standard input")
        }
        let moment = arguments.value(Option.date) == nil ? nil : try WhenOptions.moment(context, Option.date)
        let notes = try notesText.map { (text: String) throws(CLIError) in try FieldOptions.notes(text, context) }
        let appended = try appendedText.map { (text: String) throws(CLIError) in try FieldOptions.notes(text, context) }
        let otherChanges = FieldOptions.anyGiven(in: arguments) || !unset.isEmpty || moment != nil || appended != nil
            || !arguments.all(Option.untag).isEmpty
        guard otherChanges || editing else {
            throw context.usage("nothing to change", hint: "give a field option such as --rating 4, or --editor")
        }
        let readsInput = arguments.positionals.contains("-")
        if readsInput, notesText == "-" || appendedText == "-" {
            throw context.usage("'-' among the ids and '--notes -' or '--append-notes -' cannot both read standard input")
        }
        let references = try IDArguments.references(context)
        if references.count > 1 || readsInput {
            if editing { throw context.usage("--editor edits one brew's notes", hint: "give one id") }
            if moment != nil { throw context.usage("--date moves one brew", hint: "give one id, or move each brew with its own edit") }
        }
        let session = try context.session()
        var target: BrewID?
        var editedNotes: (before: String, after: String)?
        if editing {
            // The brew is chosen once, before the editor opens: `last` or a prefix could name
            // another brew by the time the editor closes.
            let brew = try context.brew(references[0], in: session.read())
            target = brew.id
            if let notes = try Editor(environment: context.environment).edit(brew.notes) {
                editedNotes = (brew.notes, notes)
            } else if !otherChanges {
                report(brew, changed: [], unchanged: "Notes unchanged; nothing written.", context)
                return
            }
        }

        let edited = try session.write(creating: false) { store throws(CLIError) -> [(brew: Brew, changed: Set<BrewField>)] in
            var brews: [Brew] = []
            if let target {
                guard let found = store.brew(id: target) else {
                    guard let editedNotes else { throw CLIError(BrewLookupError.notFound(target.rawValue), command: context.command) }
                    throw rescue(editedNotes.after, of: target, because: "was removed", journal: session.journal, context: context)
                }
                // Another command changed the notes while the editor was open: writing the
                // editor's text would silently undo that change, so keep both.
                if let editedNotes, found.notes != editedNotes.before {
                    throw rescue(editedNotes.after, of: target, because: "had its notes changed by another command", journal: session.journal, context: context)
                }
                brews = [found]
            } else {
                // Every id is looked up before anything changes: one that names no brew changes nothing.
                var named: Set<BrewID> = []
                for reference in references {
                    let brew = try context.brew(reference, in: store)
                    if named.insert(brew.id).inserted { brews.append(brew) }
                }
            }
            for brew in brews {
                try change(brew, in: store, unset: unset, moment: moment, editedNotes: editedNotes?.after, notes: notes, appended: appended, context)
            }
            // The change set is made once: it is a pass over every changed brew.
            let changedFields = store.pendingChanges.changedFields
            return brews.map { ($0, changedFields[$0.id] ?? []) }
        }
        for (brew, changed) in edited {
            report(brew, changed: changed, context)
        }
    }

    /// Applies the edit to `brew`: `--unset`, `--date`, the editor's notes, the field options,
    /// `--bean`, `--ratio`, `--untag`, `--append-notes`, then validates the result.
    private static func change(_ brew: Brew, in store: BrewLogStore, unset: [BrewField], moment: Timestamp?, editedNotes: String?,
                               notes: String?, appended: String?, _ context: CommandContext) throws(CLIError) {
        let arguments = context.arguments
        var record = brew.record
        for field in unset {
            record.clear(field)
        }
        if let moment { record.timestamp = moment }
        if let editedNotes { record.notes = editedNotes }
        try FieldOptions.apply(context, notes: notes, to: &record)
        if let reference = FieldOptions.value(of: .bean, in: arguments) {
            // The bag as typed becomes its id; its name the coffee, unless one was typed too.
            let bag = try BeanCommand.resolve(reference, in: store, context)
            record.bean = bag.id.rawValue
            if FieldOptions.value(of: .coffee, in: arguments) == nil { record.coffee = bag.name }
        }
        try FieldOptions.applyRatio(context, to: &record)
        for tag in arguments.all(Option.untag) {
            guard record.tags.contains(tag) else {
                throw context.usage("brew \(brew.id) has no tag '\(cappedForMessage(tag))'",
                                    hint: record.tags.isEmpty ? "it has no tags" : "its tags: \(record.tags.joined(separator: ", "))")
            }
            record.tags.removeAll { $0 == tag }
        }
        if let appended {
            record.notes += record.notes.isEmpty ? appended : "\n" + appended
        }
        let edited = record
        do throws(InvalidFieldError) {
            try brew.update { $0 = edited }
        } catch {
            throw CLIError(error, command: context.command)
        }
    }

    /// What an edit prints: the brew as JSON, its id under `-q`, else which fields changed.
    private static func report(_ brew: Brew, changed: Set<BrewField>, unchanged: String? = nil, _ context: CommandContext) {
        if context.arguments.has(Option.json) {
            context.out.line(BrewLineCodec.encode(brew.record))
        } else if context.quiet {
            context.out.line(brew.id.rawValue)
        } else if changed.isEmpty {
            context.out.line(unchanged ?? "No changes to \(brew.id.rawValue.terminalSafe).")
        } else {
            let names = BrewField.allCases.filter(changed.contains).map(\.name).joined(separator: ", ")
            context.out.line("Updated \(context.style.bold(brew.id.rawValue.terminalSafe)): \(names).")
        }
    }

    /// Keeps notes typed for a brew that was removed, or whose notes changed, while the editor was
    /// open: writes them to a new private file beside the journal (else in the temporary folder)
    /// and names it. Exit status 1.
    private static func rescue(_ notes: String, of id: BrewID, because what: String, journal: FileJournal, context: CommandContext) -> CLIError {
        // Only a name: the run has read "now" before the editor opened.
        let now = (try? context.now) ?? Date()
        let name = "brewlog-notes-\(id)-\(Int(now.timeIntervalSince1970)).txt"
        let folders = [journal.directory, context.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"]
        for folder in folders {
            let path = folder + "/" + name
            if PrivateFiles.writeNew(Array(notes.utf8), to: path) {
                return .notFound("brew \(id) \(what) while the editor was open; nothing was written, and your notes are saved in \(path)",
                                 hint: "brewlog edit ID --notes - < \(ShellWord.quoted(path)) puts them on a brew")
            }
        }
        return .notFound("brew \(id) \(what) while the editor was open; nothing was written, and your notes could not be saved to a file; they were:\n\(notes)",
                         hint: "copy them from above")
    }
}
