import Foundation

/// The keyframe file JSON described at ``KeyframeDocument``. Decoding checks
/// the form (types, easing names, `"mesh"` vs `"gradient"`); times, shapes
/// and durations are checked when the ``Timeline`` is built.
extension KeyframeDocument: Codable {
  private enum CodingKeys: String, CodingKey {
    case loop, duration, keyframes
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if !container.contains(.loop) {
      repeatMode = .once
    } else if let flag = try? container.decode(Bool.self, forKey: .loop) {
      repeatMode = flag ? .loop : .once
    } else if (try? container.decode(String.self, forKey: .loop)) == "pingPong" {
      repeatMode = .pingPong
    } else {
      throw DecodingError.dataCorruptedError(
        forKey: .loop, in: container,
        debugDescription: "expected true, false or \"pingPong\"")
    }
    duration = try container.decodeIfPresent(Double.self, forKey: .duration)
    // One by one, so that each keyframe's value can inherit the keys it
    // omits from the last one given inline.
    var list = try container.nestedUnkeyedContainer(forKey: .keyframes)
    var entries: [Entry] = []
    var previous: Value? = nil
    while !list.isAtEnd {
      let entry = try Entry(from: try list.superDecoder(), inheriting: previous)
      if case .inline(let value) = entry.source { previous = value }
      entries.append(entry)
    }
    keyframes = entries
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch repeatMode {
    case .once: try container.encode(false, forKey: .loop)
    case .loop: try container.encode(true, forKey: .loop)
    case .pingPong: try container.encode("pingPong", forKey: .loop)
    }
    try container.encodeIfPresent(duration, forKey: .duration)
    try container.encode(keyframes, forKey: .keyframes)
  }
}

/// A key made at run time (the value's key depends on the file kind).
private struct NamedKey: CodingKey {
  let stringValue: String
  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  var intValue: Int? { nil }
  init?(intValue: Int) { nil }
}

extension KeyframeDocument.Entry: Codable {
  public init(from decoder: any Decoder) throws {
    try self.init(from: decoder, inheriting: nil)
  }

  /// Decodes a keyframe whose inline value takes the keys it omits from
  /// `previous` (``KeyframeFileValue/init(from:inheriting:)``).
  init(from decoder: any Decoder, inheriting previous: Value?) throws {
    let container = try decoder.container(keyedBy: NamedKey.self)
    time = try container.decode(Double.self, forKey: NamedKey("time"))
    let key = NamedKey(Value.keyframeFileKey)
    guard container.contains(key) else {
      let other = Value.keyframeFileKey == "mesh" ? "gradient" : "mesh"
      let hint =
        container.contains(NamedKey(other))
        ? "; this keyframe has \"\(other)\", but the file is read as a \(Value.keyframeFileKey) keyframe file"
        : ""
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "missing key \"\(Value.keyframeFileKey)\"\(hint)"))
    }
    if let reference = try? container.decode(String.self, forKey: key) {
      source = .file(reference)
    } else {
      source = .inline(
        try Value(from: try container.superDecoder(forKey: key), inheriting: previous))
    }
    easing = try container.decodeIfPresent(TimingCurve.self, forKey: NamedKey("easing")) ?? .linear
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: NamedKey.self)
    try container.encode(time, forKey: NamedKey("time"))
    switch source {
    case .inline(let value): try container.encode(value, forKey: NamedKey(Value.keyframeFileKey))
    case .file(let path): try container.encode(path, forKey: NamedKey(Value.keyframeFileKey))
    }
    try container.encode(easing, forKey: NamedKey("easing"))
  }
}

/// A timing curve in JSON: a name (`"easeInOut"`, or CSS's `"ease-in-out"`,
/// `"ease"`…) or `{"cubicBezier": [x1, y1, x2, y2]}`. Encoding writes the
/// names of the named cases and the object otherwise.
extension TimingCurve: Codable {
  /// The accepted names.
  static let names: [String: TimingCurve] = [
    "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
    "ease-in": .easeIn, "ease-out": .easeOut, "ease-in-out": .easeInOut, "ease": .ease,
  ]

  public init(from decoder: any Decoder) throws {
    if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self)
    {
      guard let curve = Self.names[name] else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: decoder.codingPath,
            debugDescription:
              "unknown easing \"\(name)\"; use linear, easeIn, easeOut, easeInOut or {\"cubicBezier\": [x1, y1, x2, y2]}"
          ))
      }
      self = curve
      return
    }
    let container = try decoder.container(keyedBy: NamedKey.self)
    let key = NamedKey("cubicBezier")
    guard container.contains(key) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription:
            "an easing is a name (linear, easeIn, easeOut, easeInOut) or {\"cubicBezier\": [x1, y1, x2, y2]}"
        ))
    }
    let values = try container.decode([Double].self, forKey: key)
    guard values.count == 4 else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription:
          "cubicBezier has \(plural(values.count, "number")), expected [x1, y1, x2, y2]")
    }
    self = .cubicBezier(x1: values[0], y1: values[1], x2: values[2], y2: values[3])
    if let problem {
      throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .linear: try encodeName("linear")
    case .easeIn: try encodeName("easeIn")
    case .easeOut: try encodeName("easeOut")
    case .easeInOut: try encodeName("easeInOut")
    case .cubicBezier(let x1, let y1, let x2, let y2):
      var container = encoder.container(keyedBy: NamedKey.self)
      try container.encode([x1, y1, x2, y2], forKey: NamedKey("cubicBezier"))
    }
    func encodeName(_ name: String) throws {
      var container = encoder.singleValueContainer()
      try container.encode(name)
    }
  }
}
