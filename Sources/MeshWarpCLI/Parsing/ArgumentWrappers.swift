/// What the parser and the help know of one declaration, whatever its type.
struct ArgumentInfo: Sendable {
  enum Kind: Sendable { case option, flag, positional }
  var kind: Kind
  /// The long name when it is not derived from the property.
  var name: String?
  /// One letter, spelled `-x`.
  var short: Character?
  /// Old spellings still accepted with a warning.
  var deprecatedAliases: [String] = []
  /// The value's placeholder in usage and help (`WxH`).
  var placeholder: String
  /// One line of help.
  var help: String
  /// What a valid value is (`a whole number from 1 to 16`), for errors.
  var expectation: String
  /// The default as help shows it, if any.
  var defaultDescription: String?
  var isRequired: Bool
  /// What a shell offers for the value.
  var completion: ValueCompletion = .none
  /// A last positional that takes every remaining argument (`FILE...`).
  var isRepeating = false

  /// `N (a whole number from 1 to 256)`, or just the placeholder when any
  /// text will do.
  var valueSummary: String {
    expectation.isEmpty ? placeholder : "\(placeholder) (\(expectation))"
  }

  /// The usage error for a value that did not parse: what is expected,
  /// and the nearest word when the value is one of a list.
  func rejection(of text: String, as name: String) -> String {
    var hint = ""
    if case .words(let words) = completion { hint = NearestName.hint(for: text, among: words) }
    return "\(name) expects \(expectation), got '\(text)'\(hint)"
  }
}

/// Where the parser puts one declaration's value.
protocol ArgumentSlot: AnyObject {
  /// The spelling the value was given with; nil while not given.
  var givenAs: String? { get }
  /// Parses and keeps `text` (nil for a flag); false when it is not valid.
  func assign(_ text: String?, as spelling: String) -> Bool
}

/// A property the parser fills: `@Option`, `@Flag` or `@Argument`.
protocol ArgumentDeclaration {
  var info: ArgumentInfo { get }
  var slot: any ArgumentSlot { get }
}

/// `@OptionGroup`: a property whose options are a shared group's.
protocol OptionGroupWrapper {
  var group: any ParsableArguments { get }
}

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

final class FlagSlot: ArgumentSlot {
  var givenAs: String?
  func assign(_ text: String?, as spelling: String) -> Bool {
    givenAs = spelling
    return true
  }
}

/// An option with a value: `--name VALUE`. See ArgumentParser.swift.
@propertyWrapper struct Option<Value>: ArgumentDeclaration {
  let info: ArgumentInfo
  private let storage: ValueSlot<Value>
  private let defaultValue: Value?
  var slot: any ArgumentSlot { storage }

  /// The value given, else the default.
  var wrappedValue: Value {
    storage.read(default: defaultValue, what: "option \(info.placeholder)")
  }

  /// `$name.givenAs`: the spelling on the command line, nil if absent.
  var projectedValue: Option<Value> { self }
  var givenAs: String? { storage.givenAs }

  private init<T>(
    parser: ValueParser<T>, wrap: @escaping (T) -> Value, defaultValue: Value?,
    defaultDescription: String?, required: Bool, name: String?, short: Character?,
    aliases: [String], placeholder: String?, help: String
  ) {
    info = ArgumentInfo(
      kind: .option, name: name, short: short, deprecatedAliases: aliases,
      placeholder: placeholder ?? parser.placeholder, help: help,
      expectation: parser.expectation, defaultDescription: defaultDescription,
      isRequired: required, completion: parser.completion)
    storage = ValueSlot { parser.parse($0).map(wrap) }
    self.defaultValue = defaultValue
  }
}

extension Option where Value: ExpressibleByArgument {
  /// An option with a default (`var runs: Int = 15`).
  init(
    wrappedValue: Value, name: String? = nil, short: Character? = nil, aliases: [String] = [],
    placeholder: String? = nil, parser: ValueParser<Value> = Value.argumentParser,
    help: String, defaultHelp: String? = nil
  ) {
    self.init(
      parser: parser, wrap: { $0 }, defaultValue: wrappedValue,
      defaultDescription: defaultHelp ?? wrappedValue.argumentDescription, required: false,
      name: name, short: short, aliases: aliases, placeholder: placeholder, help: help)
  }

  /// A required option (`var mesh: String`).
  init(
    name: String? = nil, short: Character? = nil, aliases: [String] = [],
    placeholder: String? = nil, parser: ValueParser<Value> = Value.argumentParser, help: String
  ) {
    self.init(
      parser: parser, wrap: { $0 }, defaultValue: nil, defaultDescription: nil, required: true,
      name: name, short: short, aliases: aliases, placeholder: placeholder, help: help)
  }
}

extension Option where Value: ExpressibleByArgument & Comparable {
  /// An option with a default and a range (`var antialias: Int = 4`).
  init(
    wrappedValue: Value, name: String? = nil, short: Character? = nil, aliases: [String] = [],
    placeholder: String? = nil, range: ClosedRange<Value>, help: String,
    defaultHelp: String? = nil
  ) {
    self.init(
      wrappedValue: wrappedValue, name: name, short: short, aliases: aliases,
      placeholder: placeholder, parser: Value.argumentParser.in(range), help: help,
      defaultHelp: defaultHelp)
  }
}

extension Option {
  /// An option that may be absent (`var size: PixelSize?`); `defaultHelp`
  /// says what absent means.
  init<T: ExpressibleByArgument>(
    name: String? = nil, short: Character? = nil, aliases: [String] = [],
    placeholder: String? = nil, parser: ValueParser<T> = T.argumentParser, help: String,
    defaultHelp: String? = nil
  ) where Value == T? {
    self.init(
      parser: parser, wrap: { $0 }, defaultValue: .some(nil), defaultDescription: defaultHelp,
      required: false, name: name, short: short, aliases: aliases, placeholder: placeholder,
      help: help)
  }

  /// An option that may be absent, within a range (`var threads: Int?`).
  init<T: ExpressibleByArgument & Comparable>(
    name: String? = nil, short: Character? = nil, aliases: [String] = [],
    placeholder: String? = nil, range: ClosedRange<T>, help: String, defaultHelp: String? = nil
  ) where Value == T? {
    self.init(
      name: name, short: short, aliases: aliases, placeholder: placeholder,
      parser: T.argumentParser.in(range), help: help, defaultHelp: defaultHelp)
  }
}

/// A flag without a value: `--json`. False unless given.
@propertyWrapper struct Flag: ArgumentDeclaration {
  let info: ArgumentInfo
  private let storage = FlagSlot()
  var slot: any ArgumentSlot { storage }
  var wrappedValue: Bool { storage.givenAs != nil }

  init(name: String? = nil, short: Character? = nil, aliases: [String] = [], help: String) {
    info = ArgumentInfo(
      kind: .flag, name: name, short: short, deprecatedAliases: aliases, placeholder: "",
      help: help, expectation: "", defaultDescription: nil, isRequired: false)
  }
}

/// A positional argument: `IN.png`. Its placeholder is its name in usage.
@propertyWrapper struct Argument<Value>: ArgumentDeclaration {
  let info: ArgumentInfo
  private let storage: ValueSlot<Value>
  private let defaultValue: Value?
  var slot: any ArgumentSlot { storage }
  var wrappedValue: Value {
    storage.read(default: defaultValue, what: "argument \(info.placeholder)")
  }
}

extension Argument where Value: ExpressibleByArgument {
  /// A required positional.
  init(placeholder: String, help: String) {
    let parser = Value.argumentParser
    info = ArgumentInfo(
      kind: .positional, placeholder: placeholder, help: help, expectation: parser.expectation,
      defaultDescription: nil, isRequired: true, completion: parser.completion)
    storage = ValueSlot(parse: parser.parse)
    defaultValue = nil
  }
}

extension Argument {
  /// A positional that may be absent.
  init<T: ExpressibleByArgument>(placeholder: String, help: String) where Value == T? {
    let parser = T.argumentParser
    info = ArgumentInfo(
      kind: .positional, placeholder: placeholder, help: help, expectation: parser.expectation,
      defaultDescription: nil, isRequired: false, completion: parser.completion)
    storage = ValueSlot { parser.parse($0).map { .some($0) } }
    defaultValue = .some(nil)
  }
}

extension Argument {
  /// A last positional taking one or more values (`validate FILE.json...`).
  init<T: ExpressibleByArgument>(repeating placeholder: String, help: String) where Value == [T] {
    let parser = T.argumentParser
    info = ArgumentInfo(
      kind: .positional, placeholder: placeholder, help: help, expectation: parser.expectation,
      defaultDescription: nil, isRequired: true, completion: parser.completion, isRepeating: true)
    storage = ValueSlot(parse: { parser.parse($0).map { [$0] } }, combine: +)
    defaultValue = nil
  }
}

/// A shared group of options (Sources/MeshWarpCLI/Options) in a command.
@propertyWrapper struct OptionGroup<Group: ParsableArguments>: OptionGroupWrapper {
  var wrappedValue: Group
  var group: any ParsableArguments { wrappedValue }

  init() { wrappedValue = Group() }
  /// A group made with settings (`= OutputOptions(placeholder: "DIR", ...)`).
  init(wrappedValue: Group) { self.wrappedValue = wrappedValue }
}
