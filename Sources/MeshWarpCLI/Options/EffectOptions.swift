import Foundation
import MeshWarpArguments
import MeshWarpCore
import MeshWarpDocuments

/// The parameters of `mesh EFFECT` and `warp --effect EFFECT`: each a
/// number or, to animate it, a range `A:B` (with `--duration`); the
/// lens's in ``LensOptions``.
struct EffectOptions: ParsableArguments {
  @Option(
    placeholder: "DEG",
    help: "twirl: degrees at the centre, positive clockwise (e.g. 90 or 0:360).",
    defaultHelp: "90")
  var angle: EffectValue?
  @Option(
    placeholder: "K",
    help: "bulge: strength in (−1, 1); above 0 magnifies the centre by 1 + K, below 0 pinches.",
    defaultHelp: "0.5")
  var strength: EffectValue?
  @Option(
    placeholder: "A", help: "ripple, wave: amplitude, a fraction of min(W, H).",
    defaultHelp: "0.02")
  var amplitude: EffectValue?
  @Option(
    placeholder: "L", help: "ripple, wave: wavelength, a fraction of min(W, H).",
    defaultHelp: "0.1")
  var wavelength: EffectValue?
  @Option(
    placeholder: "RAD", help: "ripple, wave: phase in radians (e.g. 0:6.283 for one period).",
    defaultHelp: "0")
  var phase: EffectValue?
  @Option(
    placeholder: "R",
    help: "twirl, bulge, ripple: radius of the disc, a fraction of min(W, H).",
    defaultHelp: "0.5")
  var radius: EffectValue?
  @Option(
    placeholder: "X,Y",
    help: "twirl, bulge, ripple: the centre, fractions of the width and height.",
    defaultHelp: "0.5,0.5")
  var center: EffectCenter?
  @Option(placeholder: "x|y", help: "wave: the axis it runs along.", defaultHelp: "x")
  var axis: MeshEffect.Axis?
  @Option(
    placeholder: "circle|fill",
    help:
      "twirl, bulge, ripple on a picture that is not square: a circle (fractions of min(W, H)), or fill: an ellipse with the picture's aspect (fractions of max(W, H)), as ImageMagick's -swirl and -implode.",
    defaultHelp: "circle")
  var aspect: MeshEffect.Aspect?
  @OptionGroup var lens: LensOptions

  /// Every parameter option, its flag, and the effects it applies to.
  var given: [(flag: String, givenAs: String?, kinds: Set<MeshEffect.Kind>)] {
    [
      ("--angle", $angle.givenAs, [.twirl]),
      ("--strength", $strength.givenAs, [.bulge]),
      ("--amplitude", $amplitude.givenAs, [.ripple, .wave]),
      ("--wavelength", $wavelength.givenAs, [.ripple, .wave]),
      ("--phase", $phase.givenAs, [.ripple, .wave]),
      ("--radius", $radius.givenAs, [.twirl, .bulge, .ripple]),
      ("--center", $center.givenAs, [.twirl, .bulge, .ripple]),
      ("--axis", $axis.givenAs, [.wave]),
      ("--aspect", $aspect.givenAs, [.twirl, .bulge, .ripple]),
    ] + lens.given.map { ($0.flag, $0.givenAs, [.lens]) }
  }

  /// The numeric parameters, each with the effect property it sets: the
  /// one list that ``animates`` and ``effect(_:fraction:)`` read.
  private var numbers: [(value: EffectValue?, property: WritableKeyPath<MeshEffect, Double>)] {
    [
      (angle, \.angle), (strength, \.strength), (amplitude, \.amplitude),
      (wavelength, \.wavelength), (phase, \.phase), (radius, \.radius),
    ]
  }

  /// Whether some parameter is a range `A:B`.
  var animates: Bool { numbers.contains { $0.value?.end != nil } }

  /// Refuses parameters that `kind` does not take.
  func check(for kind: MeshEffect.Kind) throws {
    for option in given where option.givenAs != nil && !option.kinds.contains(kind) {
      let own = given.filter { $0.kinds.contains(kind) }.map(\.flag).joined(separator: ", ")
      throw CLIError.usage(
        "\(option.givenAs!) does not apply to \(kind.rawValue) (its parameters: \(own))")
    }
  }

  /// The effect at `fraction` (0…1) of its ranges: every range A:B
  /// gives A + (B − A)·fraction. A lens reads its calibration file here.
  ///
  /// - Throws: `CLIError` (see ``LensOptions/apply(to:)``).
  func effect(_ kind: MeshEffect.Kind, fraction: Double) throws -> MeshEffect {
    var e = MeshEffect(kind)
    for case (let v?, let property) in numbers { e[keyPath: property] = v.at(fraction) }
    if let c = center { e.center = CGPoint(x: c.x, y: c.y) }
    if let a = axis { e.axis = a }
    if let a = aspect { e.aspect = a }
    if kind == .lens { try lens.apply(to: &e) }
    return e
  }

  /// A note when `--center` puts a twirl's, bulge's or ripple's disc
  /// wholly outside the picture, at any size: the disc lies within
  /// `radius` of the centre in fractions of the width and of the height
  /// (a circle's radius is a fraction of the shorter side, the fill
  /// ellipse's of each side), so a centre farther than that from the unit
  /// square on either axis touches no pixel (the largest radius of a range).
  func untouchedNote(_ kind: MeshEffect.Kind) -> String? {
    guard let center, [.twirl, .bulge, .ripple].contains(kind) else { return nil }
    let r = radius.map { max(abs($0.at(0)), abs($0.at(1))) } ?? MeshEffect(kind).radius
    func gap(_ v: Double) -> Double { v < 0 ? -v : max(v - 1, 0) }
    guard max(gap(center.x), gap(center.y)) > r else { return nil }
    return
      "the \(kind.rawValue)'s centre \(center.argumentDescription) is farther than its radius \(r.argumentDescription) from the picture: it leaves the picture unchanged (--center takes fractions of the width and height, 0.5,0.5 the middle)"
  }

  /// What to warn about before drawing `effect` on a `width × height`
  /// picture (a lens's principal point outside it).
  func warnings(_ effect: MeshEffect, width: Int, height: Int) -> [String] {
    LensOptions.warnings(effect, width: width, height: height)
  }

  /// A library error worded with this command line's flags, or the
  /// calibration file a lens's number came from.
  func describe(_ error: MeshEffectError) -> String {
    Self.message(for: error) { lens.flag(for: $0) ?? Self.flag(for: $0) }
  }

  /// The flag that sets a library parameter (`distortion.k1` -> `--distortion (K1)`).
  static func flag(for parameter: String) -> String {
    if parameter.hasPrefix("distortion.") {
      return "--distortion (\(parameter.dropFirst("distortion.".count).uppercased()))"
    }
    if parameter.hasPrefix("camera.") {
      return "--camera (\(parameter.dropFirst("camera.".count).uppercased()))"
    }
    if parameter.hasPrefix("center.") { return "--center" }
    if parameter == "cellsAcross" { return "the mesh's density" }
    return "--" + parameter
  }

  /// A library error worded with the command's flags.
  static func message(for error: MeshEffectError) -> String {
    message(for: error, flag: flag(for:))
  }

  /// A library error worded with `flag`'s names of its parameters.
  static func message(for error: MeshEffectError, flag: (String) -> String) -> String {
    switch error {
    case .nonFinite(let parameter):
      return "\(flag(parameter)) is not a finite number"
    case .outOfRange(let parameter, let value, let range):
      return "\(flag(parameter)) \(value.argumentDescription) must be \(range)"
    case .folds(let parameter, let value, let limit, let detail):
      let name = flag(parameter)
      let bound =
        limit < 0
        ? "above \(MeshEffectError.number(limit))" : "below \(MeshEffectError.number(limit))"
      let what = value < 0 && limit >= 0 ? "|\(name)|" : name
      return
        "\(name) \(MeshEffectError.number(value)) folds the picture (\(detail)): \(what) must be \(bound)"
    case .emptySize, .tooDense:
      return error.description
    }
  }
}

/// A parameter value `X`, or a range `A:B` that an animation crosses.
struct EffectValue: ExpressibleByArgument, Sendable {
  var start: Double
  var end: Double?

  func at(_ fraction: Double) -> Double {
    guard let end else { return start }
    return start + (end - start) * fraction
  }

  static var argumentParser: ValueParser<EffectValue> {
    ValueParser(
      placeholder: "X", expectation: "a number X, or a range A:B to animate (with --duration)",
      parse: { text in
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map {
          Double($0).flatMap { $0.isFinite ? $0 : nil }
        }
        switch parts.count {
        case 1: return parts[0].map { EffectValue(start: $0, end: nil) }
        case 2:
          guard let a = parts[0], let b = parts[1] else { return nil }
          return EffectValue(start: a, end: b)
        default: return nil
        }
      })
  }

  var argumentDescription: String {
    end.map { "\(start.argumentDescription):\($0.argumentDescription)" }
      ?? start.argumentDescription
  }
}

/// Comma-separated finite numbers, `counts` of them.
func commaSeparatedNumbers(_ text: String, counts: Set<Int>) -> [Double]? {
  let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
    Double($0.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
  }
  guard counts.contains(values.count), values.allSatisfy({ $0 != nil }) else { return nil }
  return values.map { $0! }
}

/// `X,Y`: the centre as fractions of the width and height.
struct EffectCenter: ExpressibleByArgument, Sendable {
  var x: Double
  var y: Double
  static var argumentParser: ValueParser<EffectCenter> {
    ValueParser(
      placeholder: "X,Y", expectation: "X,Y as fractions of the width and height (e.g. 0.5,0.5)",
      parse: { commaSeparatedNumbers($0, counts: [2]).map { EffectCenter(x: $0[0], y: $0[1]) } })
  }

  var argumentDescription: String { "\(x.argumentDescription),\(y.argumentDescription)" }
}

/// `FX,FY,CX,CY`: a camera matrix in pixels.
struct EffectCamera: ExpressibleByArgument, Sendable {
  var values: [Double]
  static var argumentParser: ValueParser<EffectCamera> {
    ValueParser(
      placeholder: "FX,FY,CX,CY", expectation: "FX,FY,CX,CY in pixels (e.g. 500,500,319.5,239.5)",
      parse: { commaSeparatedNumbers($0, counts: [4]).map { EffectCamera(values: $0) } })
  }
}

/// `K1,K2[,P1,P2[,K3[,K4,K5,K6]]]`: OpenCV's distortion coefficients, 2,
/// 4, 5 or 8 of them.
struct EffectDistortion: ExpressibleByArgument, Sendable {
  var values: [Double]
  static var argumentParser: ValueParser<EffectDistortion> {
    ValueParser(
      placeholder: "K1,K2,P1,P2,…",
      expectation:
        "2, 4, 5 or 8 coefficients in OpenCV's order: K1,K2 or K1,K2,P1,P2 or K1,K2,P1,P2,K3 or K1,K2,P1,P2,K3,K4,K5,K6 (e.g. -0.2,0.05,0,0)",
      parse: {
        commaSeparatedNumbers($0, counts: [2, 4, 5, 8]).map { EffectDistortion(values: $0) }
      })
  }
}

extension MeshEffect.Axis: ArgumentChoices {}
extension MeshEffect.Aspect: ArgumentChoices {}
extension MeshEffect.Kind: ArgumentChoices {}
