import Foundation

/// The effect JSON: `{"kind": "ripple", "amplitude": 0.01, "wavelength":
/// 0.1, "phase": 0}` — the kind and the parameters it takes, each
/// optional (a missing one keeps its default, or in a keyframe file the
/// previous keyframe's value):
///
/// | kind | keys |
/// | --- | --- |
/// | twirl | `angle`, `center` [x, y], `radius`, `aspect` |
/// | bulge | `strength`, `center`, `radius`, `aspect` |
/// | ripple | `amplitude`, `wavelength`, `phase`, `center`, `radius`, `aspect` |
/// | wave | `amplitude`, `wavelength`, `phase`, `axis` (`"x"`, `"y"`) |
/// | lens | `camera` [fx, fy, cx, cy], `calibrationSize` [W, H], `distortion` (2, 4, 5 or 8 coefficients in OpenCV's order) or `fisheye` [k1, k2, k3, k4], `alpha` or `outputCamera` [fx, fy, cx, cy], `inverse` |
///
/// A keyframe file holds effects under `"effect"` (`{"keyframes":
/// [{"time": 0, "effect": {…}}, …]}`); a file with `"effect"` at its top
/// level is one still effect. Keys for other kinds are refused, naming
/// the ones the kind takes; unknown keys are ignored.
extension MeshEffect: KeyframeFileValue {
  public static var keyframeFileKey: String { "effect" }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case kind, angle, strength, amplitude, wavelength, phase, center, radius, aspect, axis
    case camera, calibrationSize, distortion, fisheye, alpha, outputCamera, inverse
  }

  /// The keys each kind takes, besides `kind`.
  private static func keys(of kind: Kind) -> [CodingKeys] {
    switch kind {
    case .twirl: [.angle, .center, .radius, .aspect]
    case .bulge: [.strength, .center, .radius, .aspect]
    case .ripple: [.amplitude, .wavelength, .phase, .center, .radius, .aspect]
    case .wave: [.amplitude, .wavelength, .phase, .axis]
    case .lens:
      [.camera, .calibrationSize, .distortion, .fisheye, .alpha, .outputCamera, .inverse]
    }
  }

  public init(from decoder: any Decoder) throws {
    try self.init(from: decoder, inheriting: nil)
  }

  public init(from decoder: any Decoder, inheriting previous: MeshEffect?) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind: Kind
    if let previous, !container.contains(.kind) {
      kind = previous.kind
    } else {
      let name = try container.decode(String.self, forKey: .kind)
      guard let given = Kind(rawValue: name) else {
        throw DecodingError.dataCorruptedError(
          forKey: .kind, in: container,
          debugDescription:
            "unknown effect \"\(name)\"; expected \(Kind.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      kind = given
    }
    if let previous, previous.kind == kind { self = previous } else { self.init(kind) }
    let own = Self.keys(of: kind)
    for key in CodingKeys.allCases where key != .kind && container.contains(key) {
      guard own.contains(key) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription:
            "\(kind.rawValue) takes no \"\(key.stringValue)\" (its keys: \(own.map(\.stringValue).joined(separator: ", ")))"
        )
      }
    }
    func number(_ key: CodingKeys, _ value: inout Double) throws {
      if let v = try container.decodeIfPresent(Double.self, forKey: key) { value = v }
    }
    func list(_ key: CodingKeys, counts: Set<Int>, what: String) throws -> [Double]? {
      guard let values = try container.decodeIfPresent([Double].self, forKey: key) else {
        return nil
      }
      guard counts.contains(values.count) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription: "\"\(key.stringValue)\" has \(values.count) numbers, expected \(what)")
      }
      return values
    }
    try number(.angle, &angle)
    try number(.strength, &strength)
    try number(.amplitude, &amplitude)
    try number(.wavelength, &wavelength)
    try number(.phase, &phase)
    try number(.radius, &radius)
    if let c = try list(.center, counts: [2], what: "[x, y]") {
      center = CGPoint(x: c[0], y: c[1])
    }
    if let a = try container.decodeIfPresent(Aspect.self, forKey: .aspect) { aspect = a }
    if let a = try container.decodeIfPresent(Axis.self, forKey: .axis) { axis = a }
    let size = try list(.calibrationSize, counts: [2], what: "[width, height]")
    if let c = try list(.camera, counts: [4], what: "[fx, fy, cx, cy]") {
      camera = LensCamera(
        fx: c[0], fy: c[1], cx: c[2], cy: c[3],
        calibrationSize: size.map { CGSize(width: $0[0], height: $0[1]) })
    }
    if container.contains(.distortion), container.contains(.fisheye) {
      throw DecodingError.dataCorruptedError(
        forKey: .fisheye, in: container,
        debugDescription: "give \"distortion\" or \"fisheye\", not both")
    }
    if let d = try list(
      .distortion, counts: [2, 4, 5, 8],
      what: "2, 4, 5 or 8 coefficients (k1, k2, p1, p2, k3, k4, k5, k6)")
    {
      let v = d + [Double](repeating: 0, count: 8 - d.count)
      distortion = LensDistortion(
        k1: v[0], k2: v[1], p1: v[2], p2: v[3], k3: v[4], k4: v[5], k5: v[6], k6: v[7])
    }
    if let f = try list(.fisheye, counts: [4], what: "[k1, k2, k3, k4]") {
      distortion = .fisheye(k1: f[0], k2: f[1], k3: f[2], k4: f[3])
    }
    if let a = try container.decodeIfPresent(Double.self, forKey: .alpha) {
      outputCamera = .optimal(alpha: a)
    }
    if let c = try list(.outputCamera, counts: [4], what: "[fx, fy, cx, cy]") {
      outputCamera = .matrix(LensCamera(fx: c[0], fy: c[1], cx: c[2], cy: c[3]))
    }
    if let i = try container.decodeIfPresent(Bool.self, forKey: .inverse) { inverse = i }
  }

  /// Writes the kind and the parameters it takes (see the type's JSON).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind.rawValue, forKey: .kind)
    for key in Self.keys(of: kind) {
      switch key {
      case .angle: try container.encode(angle, forKey: key)
      case .strength: try container.encode(strength, forKey: key)
      case .amplitude: try container.encode(amplitude, forKey: key)
      case .wavelength: try container.encode(wavelength, forKey: key)
      case .phase: try container.encode(phase, forKey: key)
      case .radius: try container.encode(radius, forKey: key)
      case .center: try container.encode([Double(center.x), Double(center.y)], forKey: key)
      case .aspect: if aspect != .circle { try container.encode(aspect, forKey: key) }
      case .axis: try container.encode(axis, forKey: key)
      case .camera:
        if let c = camera { try container.encode([c.fx, c.fy, c.cx, c.cy], forKey: key) }
      case .calibrationSize:
        if let size = camera?.calibrationSize {
          try container.encode([Double(size.width), Double(size.height)], forKey: key)
        }
      case .distortion:
        if distortion.model != .fisheye {
          try container.encode(distortion.openCVCoefficients, forKey: key)
        }
      case .fisheye:
        if distortion.model == .fisheye {
          try container.encode(distortion.openCVCoefficients, forKey: key)
        }
      case .alpha:
        if case .optimal(let a) = outputCamera { try container.encode(a, forKey: key) }
      case .outputCamera:
        if case .matrix(let c) = outputCamera {
          try container.encode([c.fx, c.fy, c.cx, c.cy], forKey: key)
        }
      case .inverse: if inverse { try container.encode(true, forKey: key) }
      case .kind: break
      }
    }
  }

  /// The effect as JSON text on one line, the kind first and then its
  /// parameters in the table's order, numbers as short as they
  /// round-trip: what `meshwarp mesh EFFECT` writes.
  package var compactJSON: String {
    func number(_ v: Double) -> String {
      v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }
    func list(_ values: [Double]) -> String {
      "[" + values.map(number).joined(separator: ", ") + "]"
    }
    var fields = ["\"kind\": \"\(kind.rawValue)\""]
    for key in Self.keys(of: kind) {
      let value: String? =
        switch key {
        case .angle: number(angle)
        case .strength: number(strength)
        case .amplitude: number(amplitude)
        case .wavelength: number(wavelength)
        case .phase: number(phase)
        case .radius: number(radius)
        case .center: list([Double(center.x), Double(center.y)])
        case .aspect: aspect == .circle ? nil : "\"\(aspect.rawValue)\""
        case .axis: "\"\(axis.rawValue)\""
        case .camera: camera.map { list([$0.fx, $0.fy, $0.cx, $0.cy]) }
        case .calibrationSize:
          camera?.calibrationSize.map { list([Double($0.width), Double($0.height)]) }
        case .distortion:
          distortion.model == .fisheye ? nil : list(distortion.openCVCoefficients)
        case .fisheye:
          distortion.model == .fisheye ? list(distortion.openCVCoefficients) : nil
        case .alpha:
          if case .optimal(let a) = outputCamera { number(a) } else { nil }
        case .outputCamera:
          if case .matrix(let c) = outputCamera { list([c.fx, c.fy, c.cx, c.cy]) } else { nil }
        case .inverse: inverse ? "true" : nil
        case .kind: nil
        }
      if let value { fields.append("\"\(key.stringValue)\": \(value)") }
    }
    return "{" + fields.joined(separator: ", ") + "}"
  }
}
