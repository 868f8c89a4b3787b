/// An option with a value: `--name VALUE`. See MeshWarpArguments.swift.
@propertyWrapper package struct Option<Value>: ArgumentDeclaration {
  package let info: ArgumentInfo
  private let storage: ValueSlot<Value>
  private let defaultValue: Value?
  package var slot: any ArgumentSlot { storage }

  /// The value given, else the default.
  package var wrappedValue: Value {
    storage.read(default: defaultValue, what: "option \(info.placeholder)")
  }

  /// `$name.givenAs`: the spelling on the command line, nil if absent.
  package var projectedValue: Option<Value> { self }
  package var givenAs: String? { storage.givenAs }

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
  package init(
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
  package init(
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
  package init(
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
  package init<T: ExpressibleByArgument>(
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
  package init<T: ExpressibleByArgument & Comparable>(
    name: String? = nil, short: Character? = nil, aliases: [String] = [],
    placeholder: String? = nil, range: ClosedRange<T>, help: String, defaultHelp: String? = nil
  ) where Value == T? {
    self.init(
      name: name, short: short, aliases: aliases, placeholder: placeholder,
      parser: T.argumentParser.in(range), help: help, defaultHelp: defaultHelp)
  }
}

/// A flag without a value: `--json`. False unless given.
@propertyWrapper package struct Flag: ArgumentDeclaration {
  package let info: ArgumentInfo
  private let storage = FlagSlot()
  package var slot: any ArgumentSlot { storage }
  package var wrappedValue: Bool { storage.givenAs != nil }

  package init(name: String? = nil, short: Character? = nil, aliases: [String] = [], help: String) {
    info = ArgumentInfo(
      kind: .flag, name: name, short: short, deprecatedAliases: aliases, placeholder: "",
      help: help, expectation: "", defaultDescription: nil, isRequired: false)
  }
}

/// A positional argument: `IN.png`. Its placeholder is its name in usage.
@propertyWrapper package struct Argument<Value>: ArgumentDeclaration {
  package let info: ArgumentInfo
  private let storage: ValueSlot<Value>
  private let defaultValue: Value?
  package var slot: any ArgumentSlot { storage }
  package var wrappedValue: Value {
    storage.read(default: defaultValue, what: "argument \(info.placeholder)")
  }
}

extension Argument where Value: ExpressibleByArgument {
  /// A required positional.
  package init(placeholder: String, help: String) {
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
  package init<T: ExpressibleByArgument>(placeholder: String, help: String) where Value == T? {
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
  package init<T: ExpressibleByArgument>(repeating placeholder: String, help: String)
  where Value == [T] {
    let parser = T.argumentParser
    info = ArgumentInfo(
      kind: .positional, placeholder: placeholder, help: help, expectation: parser.expectation,
      defaultDescription: nil, isRequired: true, completion: parser.completion, isRepeating: true)
    storage = ValueSlot(parse: { parser.parse($0).map { [$0] } }, combine: +)
    defaultValue = nil
  }
}

/// A shared group of options (`meshwarp`'s are in Sources/MeshWarpCLI/Options)
/// in a command.
@propertyWrapper package struct OptionGroup<Group: ParsableArguments>: OptionGroupWrapper {
  package var wrappedValue: Group
  var group: any ParsableArguments { wrappedValue }

  package init() { wrappedValue = Group() }
  /// A group made with settings (`= OutputOptions(placeholder: "DIR", ...)`).
  package init(wrappedValue: Group) { self.wrappedValue = wrappedValue }
}
