import Foundation
import MeshWarpCore

/// SwiftUI code for what the editor designed, ready to paste: a whole Swift
/// file (imports and one function) that compiles against the package's
/// `MeshWarpEffect` module and SwiftUI.
package enum SwiftCodeExport {
  /// A `View` extension whose function applies the mesh with
  /// `.meshWarpEffect(pointPairs:faces:maxSampleOffset:)`.
  ///
  /// - Parameters:
  ///   - mesh: the warp (normalized points).
  ///   - viewSize: the size, in points, the mesh was designed at; it sets
  ///     `maxSampleOffset` (the largest displacement per axis, rounded up
  ///     past 1e-9 of rounding noise, plus 1 for the sampling footprint).
  ///   - name: the function's name.
  package static func warp(_ mesh: WarpMesh, viewSize: Vector2, name: String = "editedMeshWarp")
    -> String
  {
    var maxOffset = Vector2.zero
    for pair in mesh.pointPairs {
      let d = (Vector2(pair.to) - Vector2(pair.from)) * viewSize
      maxOffset = pointwiseMax(maxOffset, Vector2(abs(d.x), abs(d.y)))
    }
    let pairs = mesh.pointPairs.map {
      "        MeshPointPair(from: \(point($0.from)), to: \(point($0.to))),"
    }
    let faces = mesh.faces.map {
      "        MeshFace(i0: \($0.i0), i1: \($0.i1), i2: \($0.i2), i3: \($0.i3)),"
    }
    return """
      import MeshWarpEffect
      import SwiftUI

      extension View {
        /// The warp designed in meshwarp-editor (\(mesh.pointPairs.count) points, \
      designed at \(number(viewSize.x))×\(number(viewSize.y)) points).
        func \(name)() -> some View {
          meshWarpEffect(
            pointPairs: [
      \(pairs.joined(separator: "\n"))
            ],
            faces: [
      \(faces.joined(separator: "\n"))
            ],
            maxSampleOffset: CGSize(width: \(number((maxOffset.x - 1e-9).rounded(.up) + 1)), \
      height: \(number((maxOffset.y - 1e-9).rounded(.up) + 1))))
        }
      }

      """
  }

  /// A function returning the gradient as SwiftUI's
  /// `MeshGradient(width:height:points:colors:background:smoothsColors:colorSpace:)`
  /// (explicit handles, if any, become `locations: .bezierPoints([...])`),
  /// marked with `MeshGradient`'s availability so that it compiles as pasted
  /// into an app that supports earlier systems.
  package static func gradient(_ gradient: GradientMesh, name: String = "editedMeshGradient")
    -> String
  {
    let colors = gradient.colors.map { "      \(color($0))," }
    let locations: String
    switch gradient.locations {
    case .points(let points):
      locations =
        "    points: [\n"
        + points.map { "      \(simd($0))," }.joined(separator: "\n") + "\n    ],"
    case .bezierPoints(let points):
      locations =
        "    locations: .bezierPoints([\n"
        + points.map {
          "      MeshGradient.BezierPoint(position: \(simd($0.position)), "
            + "leadingControlPoint: \(simd($0.leadingControlPoint)), "
            + "topControlPoint: \(simd($0.topControlPoint)), "
            + "trailingControlPoint: \(simd($0.trailingControlPoint)), "
            + "bottomControlPoint: \(simd($0.bottomControlPoint))),"
        }.joined(separator: "\n") + "\n    ]),"
    }
    let colorsLine = {
      if case .bezierPoints = gradient.locations { return "    colors: .colors([" }
      return "    colors: ["
    }()
    let colorsEnd = {
      if case .bezierPoints = gradient.locations { return "    ])," }
      return "    ],"
    }()
    return """
      import SwiftUI

      /// The mesh gradient designed in meshwarp-editor (\(gradient.width)×\(gradient.height) points).
      /// (SwiftUI's MeshGradient needs iOS 18; below it, MeshWarpEffect's
      /// MeshGradientView draws the same description.)
      @available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, watchOS 11.0, *)
      func \(name)() -> MeshGradient {
        MeshGradient(
          width: \(gradient.width),
          height: \(gradient.height),
      \(locations)
      \(colorsLine)
      \(colors.joined(separator: "\n"))
      \(colorsEnd)
          background: \(color(gradient.background)),
          smoothsColors: \(gradient.smoothsColors),
          colorSpace: .\(gradient.colorSpace.rawValue))
      }

      """
  }

  /// `value` as Swift source: the shortest text that reads back exactly,
  /// without a trailing ".0".
  static func number(_ value: Double) -> String {
    let v = value == 0 ? 0 : value  // no "-0"
    let text = "\(v)"
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// A `Float` as Swift source: its shortest exact text, no trailing ".0".
  static func float(_ value: Float) -> String {
    let text = "\(value == 0 ? 0 : value)"
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  static func point(_ p: CGPoint) -> String {
    "CGPoint(x: \(number(Double(p.x))), y: \(number(Double(p.y))))"
  }

  static func simd(_ p: Vector2) -> String {
    "SIMD2<Float>(\(float(Float(p.x))), \(float(Float(p.y))))"
  }

  static func color(_ c: GradientColor) -> String {
    "Color(red: \(number(c.red)), green: \(number(c.green)), blue: \(number(c.blue)), "
      + "opacity: \(number(c.alpha)))"
  }
}
