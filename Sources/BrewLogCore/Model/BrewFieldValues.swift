/// Some of a brew's fields, each set or not, and some removed: a partial record keyed by field.
/// The `[add]` defaults, a method's defaults, a saved recipe, what `--like` copies from a brew and
/// what the command line typed are each one; a new brew is their layering (``layered(_:)``),
/// lowest first.
public struct BrewFieldValues: Equatable, Sendable {
    private var values: [BrewField: FieldValue] = [:]
    /// The fields this layer removes from the layers below it (`add --unset water`,
    /// `recipe.NAME.unset = water`); a value the layer sets itself still stands.
    public var unset: Set<BrewField> = []

    /// No field set.
    public init() {}

    /// The recipe fields `record` has (its method, coffee, grams, grind, temperature, time and
    /// tags): what `--like` and `recipe save --from` take from a brew, never its rating, notes or
    /// date.
    public init(recipeOf record: BrewRecord) {
        self.init(recipeOf: record) { _ in true }
    }

    /// The recipe fields of `record` that `keeping` accepts: `recipe save --from` keeps the
    /// method's parameters (``BrewField/isMethodParameter``), and the occasion's fields it is told to.
    public init(recipeOf record: BrewRecord, keeping: (BrewField) -> Bool) {
        for field in BrewField.recipeFields where keeping(field) {
            values[field] = record[field]
        }
    }

    /// The value of `field`, or `nil` when it is not set. Tags set to none (`.tags([])`) are set:
    /// they replace the tags of a lower layer.
    public subscript(field: BrewField) -> FieldValue? {
        get { values[field] }
        set { values[field] = newValue }
    }

    /// Whether the layer neither sets nor removes a field.
    public var isEmpty: Bool { values.isEmpty && unset.isEmpty }

    /// The fields that are set, with their values, in table order.
    public var fields: [(field: BrewField, value: FieldValue)] {
        BrewField.allCases.compactMap { field in values[field].map { (field, $0) } }
    }

    /// Writes every field that is set into `record`, leaving the others as they are (tags, when
    /// set, replace the record's).
    public func apply(to record: inout BrewRecord) {
        for (field, value) in fields {
            record.set(field, value)
        }
    }

    /// The layers as one, lowest first: a field set in a higher layer wins; tags from a higher
    /// layer replace those below; a field a layer unsets is gone unless a higher layer (or the
    /// same one) sets it again. The result unsets nothing.
    public static func layered(_ layers: [BrewFieldValues]) -> BrewFieldValues {
        var result = BrewFieldValues()
        for layer in layers {
            for field in layer.unset { result.values[field] = nil }
            result.values.merge(layer.values) { _, higher in higher }
        }
        return result
    }
}
