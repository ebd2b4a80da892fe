/// A getter/setter pair that reads and writes a value stored somewhere else, as in SwiftUI.
///
/// A binding owns nothing: it delegates to whoever holds the storage (a brew's property, another
/// binding, a local variable captured by the closures). `binding.someField` composes it into a
/// binding of a sub-value through `@dynamicMemberLookup`.
@dynamicMemberLookup
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The value, read and written through the closures.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// A binding that always reads `value` and ignores writes (for previews, tests, read-only fields).
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// A binding to the sub-value at `keyPath`: reading reads the whole value, writing writes it back whole.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { newValue in
                var whole = self.wrappedValue
                whole[keyPath: keyPath] = newValue
                self.wrappedValue = whole
            }
        )
    }
}

/// Hands out bindings into the properties of a reference-type model: `Bindable(brew).notes`
/// is a `Binding<String>` that reads and writes `brew.notes` (the `$brew.notes` of SwiftUI).
///
/// Writes go through the model's own setters, so they are tracked and validated exactly like
/// any other edit.
@dynamicMemberLookup
public struct Bindable<Object: AnyObject> {
    /// The model the bindings point into.
    public let wrappedValue: Object

    /// Bindings into `object`.
    public init(_ object: Object) {
        self.wrappedValue = object
    }

    /// A binding to the property at `keyPath` of the model.
    public subscript<Value>(dynamicMember keyPath: ReferenceWritableKeyPath<Object, Value>) -> Binding<Value> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}
