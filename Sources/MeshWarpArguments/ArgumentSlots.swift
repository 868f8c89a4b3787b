/// Where the parser puts one declaration's value.
package protocol ArgumentSlot: AnyObject {
  /// The spelling the value was given with; nil while not given.
  var givenAs: String? { get }
  /// Parses and keeps `text` (nil for a flag); false when it is not valid.
  func assign(_ text: String?, as spelling: String) -> Bool
}

/// The slot of an option or a positional: the parsed value.
final class ValueSlot<Value>: ArgumentSlot {
  let parse: (String) -> Value?
  /// How a repeating positional adds a value to those it has.
  let combine: ((Value, Value) -> Value)?
  var value: Value?
  var givenAs: String?

  init(parse: @escaping (String) -> Value?, combine: ((Value, Value) -> Value)? = nil) {
    self.parse = parse
    self.combine = combine
  }

  func assign(_ text: String?, as spelling: String) -> Bool {
    guard let text, let v = parse(text) else { return false }
    if let combine, let value { self.value = combine(value, v) } else { value = v }
    givenAs = spelling
    return true
  }

  /// The value given, else `defaultValue`; a declaration read before the
  /// parser ran (a programming error) stops with `what` named.
  func read(default defaultValue: Value?, what: @autoclosure () -> String) -> Value {
    guard let v = value ?? defaultValue else {
      preconditionFailure("\(what()) read before it was parsed")
    }
    return v
  }
}

/// The slot of a flag: whether (and how) it was given.
final class FlagSlot: ArgumentSlot {
  var givenAs: String?
  func assign(_ text: String?, as spelling: String) -> Bool {
    givenAs = spelling
    return true
  }
}
