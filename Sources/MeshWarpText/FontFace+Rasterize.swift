import CFreeType
import MeshWarpCore
import MeshWarpRender

/// One glyph's anti-aliased coverage, placed in layout pixels.
struct RasterizedGlyph: Sendable {
  /// The glyph's coverage, trimmed to its ink (0×0 for a blank glyph).
  var coverage: CoverageMask
  /// Where `coverage` lies in layout pixels (nil for a blank glyph).
  var box: PixelRect?
}

extension FontFace {
  /// Rasterizes glyphs with FreeType at exact (sub-pixel) origins.
  ///
  /// Each glyph is loaded unhinted (`FT_LOAD_NO_HINTING`: outlines keep
  /// their designed shape and the linear advances HarfBuzz uses, as Apple's
  /// renderer does) and without embedded bitmaps, transformed by
  /// `FT_Set_Transform` — the x scale of ``WidthTreatment`` and the origin's
  /// fraction of a pixel in 26.6 — then rendered with
  /// `FT_RENDER_MODE_NORMAL` to 8-bit coverage (256 levels). The bitmap's
  /// top-left lands at `(⌊x⌋ + bitmap_left, ⌊y⌋ − bitmap_top)` with y down.
  /// Glyphs in colour or other pixel formats (emoji) come out blank.
  ///
  /// - Parameters:
  ///   - glyphs: Glyph ids and their origins (pen position on the
  ///     baseline, layout pixels, y down).
  ///   - sizePixels: Em size in pixels, `> 0`.
  /// - Throws: ``FontError/freeTypeFailure(operation:path:code:)``.
  /// - Complexity: O(total bitmap area); holds the face's lock throughout.
  func rasterize(_ glyphs: [(id: UInt32, origin: Vector2)], sizePixels: Double) throws
    -> [RasterizedGlyph]
  {
    let xScale = widthTreatment.horizontalScale
    return try withFreeTypeFace(sizePixels: sizePixels) { face in
      var result: [RasterizedGlyph] = []
      result.reserveCapacity(glyphs.count)
      for glyph in glyphs {
        // The origin in 26.6, split into whole pixels and a fraction.
        let xFixed = Int((glyph.origin.x * 64).rounded())
        let yFixed = Int((glyph.origin.y * 64).rounded())
        var matrix = FT_Matrix(xx: Int((xScale * 65536).rounded()), xy: 0, yx: 0, yy: 0x10000)
        var delta = FT_Vector(x: xFixed & 63, y: -(yFixed & 63))  // FreeType's y points up
        FT_Set_Transform(face, &matrix, &delta)
        let loadError = FT_Load_Glyph(face, glyph.id, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))
        guard loadError == 0 else {
          throw FontError.freeTypeFailure(
            operation: "load glyph \(glyph.id)", path: path, code: loadError)
        }
        let slot = face.pointee.glyph!
        let renderError = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        guard renderError == 0 else {
          throw FontError.freeTypeFailure(
            operation: "render glyph \(glyph.id)", path: path, code: renderError)
        }
        let full = Self.coverage(of: slot.pointee.bitmap)
        guard let ink = full.inkBounds else {
          result.append(RasterizedGlyph(coverage: CoverageMask(width: 0, height: 0), box: nil))
          continue
        }
        let left = (xFixed >> 6) + Int(slot.pointee.bitmap_left)
        let top = (yFixed >> 6) - Int(slot.pointee.bitmap_top)
        result.append(
          RasterizedGlyph(coverage: full.cropped(to: ink), box: ink.offsetBy(dx: left, dy: top)))
      }
      var identity = FT_Matrix(xx: 0x10000, xy: 0, yx: 0, yy: 0x10000)
      FT_Set_Transform(face, &identity, nil)
      return result
    }
  }

  /// Copies a FreeType bitmap into a mask: 8-bit grey as is, 1-bit mono as
  /// 0/255; other formats (colour) as blank.
  private static func coverage(of bitmap: FT_Bitmap) -> CoverageMask {
    let width = Int(bitmap.width)
    let rows = Int(bitmap.rows)
    var mask = CoverageMask(width: width, height: rows)
    guard width > 0, rows > 0, let buffer = bitmap.buffer else { return mask }
    let pitch = Int(bitmap.pitch)
    // A negative pitch means the rows are stored bottom-up from `buffer`.
    let firstRow = pitch >= 0 ? buffer : buffer + (-pitch) * (rows - 1)
    let mode = bitmap.pixel_mode
    mask.values.withUnsafeMutableBufferPointer { out in
      for y in 0..<rows {
        let row = firstRow + y * pitch
        switch mode {
        case UInt8(FT_PIXEL_MODE_GRAY.rawValue):
          let grays = max(Int(bitmap.num_grays) - 1, 1)
          for x in 0..<width {
            out[y * width + x] =
              grays == 255 ? row[x] : UInt8((Int(row[x]) * 255 + grays / 2) / grays)
          }
        case UInt8(FT_PIXEL_MODE_MONO.rawValue):
          for x in 0..<width where row[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 {
            out[y * width + x] = 255
          }
        default:
          return
        }
      }
    }
    return mask
  }
}
