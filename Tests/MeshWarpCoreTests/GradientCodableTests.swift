import Foundation
import MeshWarpCore
import Testing

/// The gradient JSON: round trips, SwiftUI's defaults, and clear errors.
@Suite struct GradientCodableTests {
  func decode(_ json: String) throws(GradientMeshJSONError) -> GradientMesh {
    try GradientMesh(jsonData: Data(json.utf8))
  }

  /// The error message of decoding `json`, or nil if it decodes.
  func failure(_ json: String) -> String? {
    do {
      _ = try decode(json)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func defaultsAreSwiftUIs() throws {
    let mesh = try decode(
      #"{"width":2,"height":2,"points":[[0,0],[1,0],[0,1],[1,1]],"colors":[[1,0,0],[0,1,0],[0,0,1],[1,1,1,0.5]]}"#
    )
    #expect(mesh.background == .clear)
    #expect(mesh.smoothsColors == true)
    #expect(mesh.colorSpace == .device)
    #expect(mesh.colors[0] == GradientColor(red: 1, green: 0, blue: 0, alpha: 1))
    #expect(mesh.colors[3].alpha == 0.5)
    #expect(
      mesh.locations == .points([Vector2(0, 0), Vector2(1, 0), Vector2(0, 1), Vector2(1, 1)]))
  }

  @Test func pointsRoundTrip() throws {
    var mesh = GradientPresets.meshing(at: 2.5)
    mesh.colorSpace = .perceptual
    mesh.smoothsColors = false
    let data = try mesh.jsonData()
    #expect(try GradientMesh(jsonData: data) == mesh)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""colorSpace":"perceptual""#))
    #expect(text.contains(#""background":[0,0,0,1]"#))
  }

  @Test func bezierPointsRoundTrip() throws {
    let json = #"""
      {"width":2,"height":2,"bezierPoints":[
        {"position":[0,0],"leading":[0,0],"top":[0,0],"trailing":[0.3,0.1],"bottom":[0.1,0.3]},
        {"position":[1,0],"leading":[0.7,-0.1],"top":[1,0],"trailing":[1,0],"bottom":[1,0.3]},
        {"position":[0,1],"leading":[0,1],"top":[0,0.7],"trailing":[0.3,1],"bottom":[0,1]},
        {"position":[1,1],"leading":[0.7,1],"top":[1.1,0.7],"trailing":[1,1],"bottom":[1,1]}],
       "colors":[[1,0,0,1],[0,1,0,1],[0,0,1,1],[1,1,0,1]],
       "background":[0.1,0.2,0.3,1],"smoothsColors":false,"colorSpace":"perceptual","comment":"ignored"}
      """#
    let mesh = try decode(json)
    guard case .bezierPoints(let points) = mesh.locations else {
      Issue.record("expected bezier points")
      return
    }
    #expect(points[0].trailingControlPoint == Vector2(0.3, 0.1))
    #expect(points[1].leadingControlPoint == Vector2(0.7, -0.1))
    #expect(points[3].topControlPoint == Vector2(1.1, 0.7))
    #expect(mesh.background == GradientColor(red: 0.1, green: 0.2, blue: 0.3))
    #expect(try GradientMesh(jsonData: try mesh.jsonData()) == mesh)
  }

  /// A vertex given only its position (or some of its handles) takes the
  /// automatic handles for the rest, as the "points" form does.
  @Test func omittedBezierHandlesAreTheAutomaticOnes() throws {
    let positions: [[Double]] = [
      [0, 0], [0.6, 0], [1, 0], [0, 0.5], [0.4, 0.5], [1, 0.5], [0, 1], [0.5, 1], [1, 1],
    ]
    let colors = Array(repeating: "[1,0,0]", count: 9).joined(separator: ",")
    let points = positions.map { "[\($0[0]),\($0[1])]" }.joined(separator: ",")
    let automatic = try decode(
      #"{"width":3,"height":3,"points":["# + points + #"],"colors":["# + colors + "]}")
    var elements = positions.map { #"{"position":[\#($0[0]),\#($0[1])]}"# }
    elements[4] = #"{"position":[0.4,0.5],"leading":[0.2,0.45]}"#
    let partial = try decode(
      #"{"width":3,"height":3,"bezierPoints":["# + elements.joined(separator: ",")
        + #"],"colors":["# + colors + "]}")
    var expected = automatic.resolvedBezierPoints
    expected[4].leadingControlPoint = Vector2(0.2, 0.45)
    #expect(partial.resolvedBezierPoints == expected)
  }

  @Test func errorsNameTheProblemAndPlace() {
    let points4 = #""points":[[0,0],[1,0],[0,1],[1,1]]"#
    let colors4 = #""colors":[[1,0,0],[0,1,0],[0,0,1],[1,1,1]]"#
    let cases: [(String, [String])] = [
      (#"{"width":2,"height":2,"# + colors4 + "}", ["points"]),
      (#"{"width":2,"height":2,"# + points4 + "}", ["colors"]),
      (#"{"height":2,"# + points4 + "," + colors4 + "}", ["width"]),
      (
        #"{"width":2,"height":2,"points":[[0,0],[1,0],[0,1]],"# + colors4 + "}",
        ["3 locations", "2×2"]
      ),
      (
        #"{"width":2,"height":2,"# + points4 + #","colors":[[1,0,0],[0,1,0],[0,0,1]]}"#,
        ["3 colors", "2×2"]
      ),
      (#"{"width":1,"height":4,"# + points4 + "," + colors4 + "}", ["at least 2", "1×4"]),
      (
        #"{"width":2,"height":2,"points":[[0,0],[1,0],[0,1,2],[1,1]],"# + colors4 + "}",
        ["points[2]", "[x, y]"]
      ),
      (
        #"{"width":2,"height":2,"# + points4 + #","colors":[[1,0,0],[0,1],[0,0,1],[1,1,1]]}"#,
        ["colors", "[1]", "2 numbers"]
      ),
      (
        #"{"width":2,"height":2,"# + points4 + "," + colors4 + #","colorSpace":"linear"}"#,
        ["colorSpace", "linear", "perceptual"]
      ),
      (
        #"{"width":2,"height":2,"# + points4 + #","bezierPoints":[],"# + colors4 + "}",
        ["either", "not both"]
      ),
      (
        #"{"width":2,"height":2,"bezierPoints":[{"leading":[0,0],"top":[0,0],"trailing":[0,0]}],"#
          + colors4 + "}", ["bezierPoints[0]", "position"]
      ),
      (
        #"{"width":2,"height":2,"# + points4 + "," + colors4 + #","smoothsColors":"yes"}"#,
        ["smoothsColors", "Bool"]
      ),
      ("[1,2]", ["expected"]),
    ]
    for (json, fragments) in cases {
      guard let message = failure(json) else {
        Issue.record("decoded without error: \(json)")
        continue
      }
      for fragment in fragments {
        #expect(message.contains(fragment), "“\(message)” lacks “\(fragment)” for \(json)")
      }
    }
  }
}
