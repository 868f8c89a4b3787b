import Foundation

/// The gradient JSON:
///
/// ```
/// {"width": 3, "height": 3,
///  "points": [[x, y], …]                                  (or)
///  "bezierPoints": [{"position": [x, y], "leading": [x, y], "top": [x, y],
///                    "trailing": [x, y], "bottom": [x, y]}, …],
///  "colors": [[r, g, b, a], …],           ([r, g, b] means alpha 1; or "#RRGGBB")
///  "background": [r, g, b, a],            (default [0, 0, 0, 0], SwiftUI's .clear)
///  "smoothsColors": true,                 (default true)
///  "colorSpace": "device" | "perceptual"} (default "device")
/// ```
///
/// A `"bezierPoints"` element needs its `"position"`; an omitted handle is
/// the automatic one (what `"points"` would give). In a keyframe file,
/// every key a keyframe omits keeps the previous keyframe's value
/// (``init(from:inheriting:)``).
///
/// Positions are unit points, colours sRGB-encoded 0…1 with straight alpha
/// or strings `"#RGB"`, `"#RRGGBB"`, `"#RRGGBBAA"` (``GradientColor/init(from:)``;
/// a component above 1 is an error).
/// Decoding validates (``GradientMesh/validate()``); its errors name the key
/// and index. Encoding writes every key. Unknown keys are ignored.
extension GradientMesh: Codable {
  private enum CodingKeys: String, CodingKey {
    case width, height, points, bezierPoints, colors, background, smoothsColors, colorSpace
  }

  /// One element of `"bezierPoints"`, every field optional so that a missing
  /// one can be reported with its index.
  private struct BezierPointJSON: Codable {
    var position: [Double]?
    var leading: [Double]?
    var top: [Double]?
    var trailing: [Double]?
    var bottom: [Double]?
  }

  public init(from decoder: any Decoder) throws {
    try self.init(from: decoder, inheriting: nil)
  }

  /// Decodes a gradient whose omitted keys take `previous`'s values (a
  /// keyframe after the first): `{"colors": […]}` changes only the colours.
  /// Without `previous`, omitted keys take their defaults (width, height,
  /// colours and locations are required).
  ///
  /// - Throws: `DecodingError` naming the key, as ``init(from:)``.
  public init(from decoder: any Decoder, inheriting previous: GradientMesh?) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func inherited<T: Decodable>(_ key: CodingKeys, _ value: ((GradientMesh) -> T)) throws -> T {
      if let previous, !container.contains(key) { return value(previous) }
      return try container.decode(T.self, forKey: key)
    }
    let width = try inherited(.width, \.width)
    let height = try inherited(.height, \.height)
    func corrupt(_ key: CodingKeys, _ message: String) -> DecodingError {
      DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: message)
    }
    func vector(_ numbers: [Double], _ place: String, key: CodingKeys) throws -> Vector2 {
      guard numbers.count == 2 else {
        throw corrupt(key, "\(place) has \(numbers.count) numbers, expected [x, y]")
      }
      return Vector2(numbers[0], numbers[1])
    }

    let hasPoints = container.contains(.points)
    var hasBezier = container.contains(.bezierPoints)
    let locations: Locations
    switch (hasPoints, hasBezier) {
    case (true, true):
      throw corrupt(.bezierPoints, "give either \"points\" or \"bezierPoints\", not both")
    case (false, false):
      guard let previous else {
        throw corrupt(.points, "missing \"points\" (or \"bezierPoints\"): the mesh's vertices")
      }
      locations = previous.locations
      if case .bezierPoints = locations { hasBezier = true }
    case (true, false):
      let raw = try container.decode([[Double]].self, forKey: .points)
      locations = .points(
        try raw.enumerated().map { try vector($0.element, "points[\($0.offset)]", key: .points) })
    case (false, true):
      let raw = try container.decode([BezierPointJSON].self, forKey: .bezierPoints)
      let positions = try raw.enumerated().map { i, b in
        guard let position = b.position else {
          throw corrupt(.bezierPoints, "bezierPoints[\(i)] has no \"position\"")
        }
        return try vector(position, "bezierPoints[\(i)].position", key: .bezierPoints)
      }
      // An omitted handle is the automatic one, as the "points" form has
      // (a corner's outward handles, say); a wrong count is validation's.
      let automatic =
        positions.count == width * height && width >= 0 && height >= 0
        ? AutomaticHandles.bezierPoints(width: width, height: height, points: positions)
        : positions.map { BezierPoint(position: $0) }
      locations = .bezierPoints(
        try raw.enumerated().map { i, b in
          func field(_ value: [Double]?, _ name: String, _ otherwise: Vector2) throws -> Vector2 {
            guard let value else { return otherwise }
            return try vector(value, "bezierPoints[\(i)].\(name)", key: .bezierPoints)
          }
          let auto = automatic[i]
          return BezierPoint(
            position: positions[i],
            leadingControlPoint: try field(b.leading, "leading", auto.leadingControlPoint),
            topControlPoint: try field(b.top, "top", auto.topControlPoint),
            trailingControlPoint: try field(b.trailing, "trailing", auto.trailingControlPoint),
            bottomControlPoint: try field(b.bottom, "bottom", auto.bottomControlPoint))
        })
    }
    let colors = try inherited(.colors, \.colors)
    let background =
      try container.decodeIfPresent(GradientColor.self, forKey: .background)
      ?? previous.map(\.background) ?? .clear
    let smoothsColors =
      try container.decodeIfPresent(Bool.self, forKey: .smoothsColors)
      ?? previous.map(\.smoothsColors) ?? true
    let colorSpaceName = try container.decodeIfPresent(String.self, forKey: .colorSpace)
    var colorSpace = previous?.colorSpace ?? GradientColorSpace.device
    if let colorSpaceName {
      guard let parsed = GradientColorSpace(rawValue: colorSpaceName) else {
        throw corrupt(
          .colorSpace,
          "\"colorSpace\" is \"\(colorSpaceName)\"; expected \"device\" or \"perceptual\"")
      }
      colorSpace = parsed
    }
    self.init(
      width: width, height: height, locations: locations, colors: colors, background: background,
      smoothsColors: smoothsColors, colorSpace: colorSpace)
    if let problem = validationErrors.first {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath + Self.jsonPath(of: problem, bezier: hasBezier),
          debugDescription: problem.description, underlyingError: problem))
    }
  }

  /// Where in the gradient JSON a validation problem lies (`colors[4]`),
  /// so that file errors can give its line and column.
  private static func jsonPath(of problem: GradientMeshError, bezier: Bool) -> [any CodingKey] {
    let locations: CodingKeys = bezier ? .bezierPoints : .points
    switch problem {
    case .locationCount: return [locations]
    case .colorCount: return [CodingKeys.colors]
    case .nonFiniteLocation(let index, _, _, _): return [locations, GradientIndexKey(index)]
    case .nonFiniteColor(let index, _, _): return [CodingKeys.colors, GradientIndexKey(index)]
    case .nonFiniteBackground: return [CodingKeys.background]
    default: return []
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
    func pair(_ v: Vector2) -> [Double] { [v.x, v.y] }
    switch locations {
    case .points(let points):
      try container.encode(points.map(pair), forKey: .points)
    case .bezierPoints(let bezierPoints):
      try container.encode(
        bezierPoints.map {
          BezierPointJSON(
            position: pair($0.position), leading: pair($0.leadingControlPoint),
            top: pair($0.topControlPoint), trailing: pair($0.trailingControlPoint),
            bottom: pair($0.bottomControlPoint))
        }, forKey: .bezierPoints)
    }
    try container.encode(colors, forKey: .colors)
    try container.encode(background, forKey: .background)
    try container.encode(smoothsColors, forKey: .smoothsColors)
    try container.encode(colorSpace.rawValue, forKey: .colorSpace)
  }
}

extension GradientMesh {
  /// Decodes the gradient JSON, turning decoding errors into one sentence
  /// that names the key path (e.g. `colors[4]: a colour has 2 numbers, …`).
  ///
  /// - Throws: ``GradientMeshJSONError``.
  public init(jsonData: Data) throws(GradientMeshJSONError) {
    do {
      self = try JSONDecoder().decode(GradientMesh.self, from: jsonData)
    } catch let error as DecodingError {
      throw GradientMeshJSONError(error)
    } catch {
      throw GradientMeshJSONError(message: "\(error)")
    }
  }

  /// The gradient JSON, keys sorted, for files and tests.
  public func jsonData(prettyPrinted: Bool = false) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = prettyPrinted ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
    return try encoder.encode(self)
  }
}

/// A gradient JSON document that could not be read, as one sentence.
public struct GradientMeshJSONError: Error, Hashable, Sendable, CustomStringConvertible,
  LocalizedError
{
  /// What is wrong and where, e.g. `"colors"[4]: a colour has 2 numbers, …`.
  public var message: String

  public init(message: String) { self.message = message }

  /// A sentence for a decoding error: its key path, then its reason.
  public init(_ error: DecodingError) {
    func path(_ codingPath: [any CodingKey]) -> String {
      var text = ""
      for key in codingPath {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? "\"\(key.stringValue)\"" : ".\"\(key.stringValue)\""
        }
      }
      return text
    }
    func located(_ context: DecodingError.Context, _ reason: String) -> String {
      let place = path(context.codingPath)
      return place.isEmpty ? reason : "\(place): \(reason)"
    }
    switch error {
    case .keyNotFound(let key, let context):
      let parent = path(context.codingPath)
      message = "missing key \"\(key.stringValue)\"" + (parent.isEmpty ? "" : " in \(parent)")
    case .typeMismatch(let type, let context):
      message = located(context, "expected \(type): \(context.debugDescription)")
    case .valueNotFound(let type, let context):
      message = located(context, "expected \(type), found null")
    case .dataCorrupted(let context):
      message = located(context, context.debugDescription)
    @unknown default:
      message = "\(error)"
    }
  }

  public var description: String { message }
  public var errorDescription: String? { message }
}

/// An array position in a coding path.
private struct GradientIndexKey: CodingKey {
  var intValue: Int?
  var stringValue: String { intValue.map(String.init) ?? "" }
  init(_ index: Int) { intValue = index }
  init?(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}
