import Foundation
import MeshWarpCore
import Testing

/// Colours written as text (`#RGB`, `#RRGGBB`, `#RRGGBBAA`, words) and the
/// gradient JSON's colour rules.
@Suite struct GradientColorTextTests {
  @Test func hexFormsReadTheirBytes() throws {
    let full = try #require(GradientColor(text: "#FF8800"))
    #expect(full == GradientColor(red: 1, green: 136.0 / 255, blue: 0, alpha: 1))
    #expect(GradientColor(text: "#F80") == full)
    #expect(GradientColor(text: "ff8800") == full)
    #expect(GradientColor(text: "#ff8800FF") == full)
    let translucent = try #require(GradientColor(text: "#11223380"))
    #expect(translucent.rgba8 == SIMD4(0x11, 0x22, 0x33, 0x80))
    #expect(GradientColor(text: "White") == .white)
    #expect(GradientColor(text: "transparent") == .clear)
    #expect(GradientColor(text: "none") == .clear)
    #expect(GradientColor(text: "black") == .black)
    for bad in [
      "", "#", "#FF88", "#GG0000", "#FF8800F", "#FF88000000", "orange", "#F8 0", "F80", "bad",
    ] {
      #expect(GradientColor(text: bad) == nil, "\(bad)")
    }
  }

  /// Every 8-bit value survives text → colour → bytes → text.
  @Test func eightBitValuesRoundTrip() throws {
    for v in 0...255 {
      let hex = String(format: "#%02X%02X%02X%02X", v, 255 - v, (v * 7) & 255, v ^ 0x5A)
      let color = try #require(GradientColor(text: hex))
      #expect(color.rgba8 == SIMD4(UInt8(v), UInt8(255 - v), UInt8((v * 7) & 255), UInt8(v ^ 0x5A)))
      #expect(color.hexText == (v ^ 0x5A == 255 ? String(hex.prefix(7)) : hex))
    }
  }

  func decode(_ json: String) throws(GradientMeshJSONError) -> GradientMesh {
    try GradientMesh(jsonData: Data(json.utf8))
  }

  @Test func gradientJSONTakesHexStrings() throws {
    let hex = try decode(
      ##"{"width":2,"height":2,"points":[[0,0],[1,0],[0,1],[1,1]],"colors":["#FF0000","#0F0","#0000FF80",[1,1,1]],"background":"#336699"}"##
    )
    #expect(hex.colors[0] == .init(red: 1, green: 0, blue: 0))
    #expect(hex.colors[1] == .init(red: 0, green: 1, blue: 0))
    #expect(hex.colors[2] == .init(red: 0, green: 0, blue: 1, alpha: 128.0 / 255))
    #expect(hex.colors[3] == .white)
    #expect(hex.background.rgba8 == SIMD4(0x33, 0x66, 0x99, 255))
  }

  @Test func badColorStringsSayWhatIsExpected() {
    do {
      _ = try decode(
        ##"{"width":2,"height":2,"points":[[0,0],[1,0],[0,1],[1,1]],"colors":["#FF0000","orange","#00F","#FFF"]}"##
      )
      Issue.record("decoded")
    } catch {
      #expect(error.message.contains("\"colors\"[1]"), "\(error.message)")
      #expect(
        error.message.contains("\"orange\" is not a colour: expected #RGB, #RRGGBB, #RRGGBBAA"))
    }
  }

  /// 0–255 values used to be clamped to near-white: now an error naming
  /// the point, the range and the hex spelling of the same colour.
  @Test func componentsAboveOneAreAnError() {
    do {
      _ = try decode(
        ##"{"width":2,"height":2,"points":[[0,0],[1,0],[0,1],[1,1]],"colors":[[1,0,0],[255,136,0],[0,0,1],[1,1,1]]}"##
      )
      Issue.record("decoded")
    } catch {
      #expect(
        error.message
          == ##""colors"[1]: the colour of point 1 has a component 255 above 1: components run 0…1 (sRGB-encoded); if these are 0–255 values, write "#FF8800""##
      )
    }
    do {
      _ = try decode(
        ##"{"width":2,"height":2,"points":[[0,0],[1,0],[0,1],[1,1]],"colors":[[1,0,0],[0,1,0],[0,0,1],[1,1,1]],"background":[0.5,1.5,0]}"##
      )
      Issue.record("decoded")
    } catch {
      #expect(
        error.message.contains("\"background\" has a component 1.5 above 1"), "\(error.message)")
      #expect(error.message.contains("write 0–255 colours in hex"))
    }
    // Exactly 1 and negative (extended-range) components stay allowed.
    #expect(
      (try? decode(
        ##"{"width":2,"height":2,"points":[[0,0],[1,0],[0,1],[1,1]],"colors":[[1,1,1,1],[-0.1,0,0],[0,0,1],[1,1,1]]}"##
      )) != nil)
  }
}
