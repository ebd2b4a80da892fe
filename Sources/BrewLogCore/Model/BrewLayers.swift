/// Where a new brew's fields come from, lowest first: the sticky fields of the newest brew of the
/// method in force (`add.sticky`), the `[add]` defaults, the defaults of the method in force
/// (`[add "Espresso"]`), a recipe or an earlier brew, and what was typed.
///
/// The method in force is the typed one, else the recipe's or the liked brew's, else the
/// defaults'; its defaults are found ignoring case. ``resolved`` is the one rule every way of
/// starting a brew goes through.
public struct BrewLayers: Sendable {
    /// One layer, named as `add --json` and the confirmation name it.
    public enum Source: Equatable, Sendable {
        /// The sticky fields, carried over from the newest brew of `method` (the method in force
        /// as that brew spells it): lowest, so any other layer that sets one, or removes it, wins.
        case sticky(method: String, brew: BrewID)
        /// The `[add]` section.
        case defaults
        /// The `[add "METHOD"]` section, named as the config file spells it.
        case methodDefaults(String)
        /// A saved recipe.
        case recipe(String)
        /// An earlier brew's recipe fields (`--like`).
        case brew(BrewID)
        /// The field options and `--unset`s typed.
        case commandLine
    }

    /// The `[add]` defaults.
    public var defaults: BrewFieldValues
    /// Every `[add "METHOD"]` section, with the method as spelled in the file.
    public var methodDefaults: [(method: String, values: BrewFieldValues)]
    /// The recipe or the liked brew, when one was named.
    public var startingPoint: (source: Source, values: BrewFieldValues)?
    /// What the command line typed and unset.
    public var typed: BrewFieldValues
    /// The sticky layer: the newest brew of the method in force, and the fields it carries over.
    public var sticky: (brew: BrewRecord, fields: Set<BrewField>)?

    /// The layers, before any is chosen.
    public init(defaults: BrewFieldValues, methodDefaults: [(method: String, values: BrewFieldValues)],
                startingPoint: (source: Source, values: BrewFieldValues)?, typed: BrewFieldValues,
                sticky: (brew: BrewRecord, fields: Set<BrewField>)? = nil) {
        self.sticky = sticky
        self.defaults = defaults
        self.methodDefaults = methodDefaults
        self.startingPoint = startingPoint
        self.typed = typed
    }

    /// The method the brew will have before per-method defaults apply: the typed one, else the
    /// recipe's or liked brew's, else the defaults'; `nil` when a layer unsets it or none sets it.
    public var methodInForce: String? {
        let layers = [defaults, startingPoint?.values ?? BrewFieldValues(), typed]
        guard case .text(let method)? = BrewFieldValues.layered(layers)[.method] else { return nil }
        return method
    }

    /// The defaults of the method in force, with the method as the file first spells it: every
    /// section whose name equals it ignoring case (`[add "Espresso"]` and `[add "espresso"]`),
    /// layered in the order given.
    public var methodLayer: (method: String, values: BrewFieldValues)? {
        guard let method = methodInForce?.lowercased() else { return nil }
        let sections = methodDefaults.filter { $0.method.lowercased() == method }
        guard let first = sections.first else { return nil }
        var merged = BrewFieldValues.layered(sections.map(\.values))
        merged.unset = sections.reduce(into: Set()) { $0.formUnion($1.values.unset) }
        return (first.method, merged)
    }

    /// The sticky layer as a layer: the sticky recipe fields its brew has (never its method,
    /// which chose the brew); `nil` when it carries nothing over.
    private var stickyLayer: (source: Source, values: BrewFieldValues)? {
        guard let sticky, let method = sticky.brew.method else { return nil }
        var values = BrewFieldValues()
        for field in BrewField.recipeFields where field != .method && sticky.fields.contains(field) {
            values[field] = sticky.brew[field]
        }
        return values.isEmpty ? nil : (.sticky(method: method, brew: sticky.brew.id), values)
    }

    /// The fields the brew starts with, the layers a field comes from or that removed one (lowest
    /// first), and for each field set, the layer that set it.
    public var resolved: Resolution {
        var layers: [(source: Source, values: BrewFieldValues)] = []
        if let stickyLayer { layers.append(stickyLayer) }
        layers.append((.defaults, defaults))
        if let methodLayer { layers.append((.methodDefaults(methodLayer.method), methodLayer.values)) }
        if let startingPoint { layers.append(startingPoint) }
        layers.append((.commandLine, typed))
        var height: [BrewField: Int] = [:]
        for (index, layer) in layers.enumerated() {
            for field in layer.values.unset { height[field] = nil }
            for (field, _) in layer.values.fields { height[field] = index }
        }
        // A layer is used when a field of the brew comes from it, or when it removes one.
        let used = layers.enumerated().filter { index, layer in height.values.contains(index) || !layer.values.unset.isEmpty }.map(\.element.source)
        return Resolution(values: BrewFieldValues.layered(layers.map(\.values)), used: used, height: height, sources: layers.map(\.source))
    }

    /// The layers as one.
    public struct Resolution: Sendable {
        /// The fields the brew starts with.
        public let values: BrewFieldValues
        /// The layers a field of the brew comes from, or that removed one, lowest first.
        public let used: [Source]
        /// For each field set, the position of the layer that set it (in ``sources``).
        let height: [BrewField: Int]
        /// The layers by position.
        let sources: [Source]

        /// The fields `source` set, in table order.
        public func fields(from source: Source) -> [BrewField] {
            BrewField.allCases.filter { self.source(of: $0) == source }
        }

        /// The layer `field` comes from, or `nil` when no layer sets it.
        public func source(of field: BrewField) -> Source? {
            height[field].map { sources[$0] }
        }

        /// Whether `field` was set by the layer that set `other`, or a higher one; `false` when
        /// either is not set. A bag named in a recipe gives its name as the coffee unless the
        /// recipe or a higher layer names a coffee too.
        public func set(_ field: BrewField, atOrAbove other: BrewField) -> Bool {
            guard let mine = height[field], let theirs = height[other] else { return false }
            return mine >= theirs
        }
    }
}
