extension LockedJournal {
    /// The conflict copies syncing tools left beside the journal (in the folder of the file a
    /// symbolic link resolves to, where such a tool writes them), as paths, sorted by name.
    /// A folder that cannot be listed has none.
    public func conflictCopies() -> [(path: String, copy: ConflictCopy)] {
        guard let names = try? system.directoryEntries(directory) else { return [] }
        let shownFolder = target.contains("/") ? directory + "/" : ""
        return names.sorted().compactMap { entry in
            ConflictCopy(name: entry, journalName: fileName).map { (shownFolder + entry, $0) }
        }
    }
}
