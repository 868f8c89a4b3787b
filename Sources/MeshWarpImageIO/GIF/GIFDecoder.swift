import CGIF
import MeshWarpFiles
import MeshWarpRender

/// Decodes the first frame of a GIF file through giflib, on the logical
/// screen (the frame placed at its offset, the rest transparent); the
/// frame's transparent colour index (Graphic Control Extension) becomes
/// alpha 0.
public enum GIFDecoder {
  /// Decodes the first frame of GIF bytes.
  ///
  /// - Parameters:
  ///   - bytes: a complete GIF file.
  ///   - source: how errors name the data.
  ///   - maxPixels: refuse a larger logical screen.
  /// - Throws: `ImageCodecError.invalidImageData` (format "GIF") or
  ///   `.imageTooLarge`.
  public static func decode(
    _ bytes: [UInt8], source: String = "GIF data",
    maxPixels: Int = DecodeLimits.defaultMaxPixels
  ) throws -> DecodedImage {
    let decoding = FormatDecoding(source: source, format: "GIF", maxPixels: maxPixels)
    func failure(_ code: Int32) -> ImageCodecError {
      decoding.failure(GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)")
    }
    return try bytes.withUnsafeBufferPointer { buffer in
      var reader = GIFByteReader(bytes: buffer, offset: 0)
      return try withUnsafeMutablePointer(to: &reader) { readerPointer in
        var error: Int32 = 0
        guard let gif = DGifOpen(readerPointer, gifRead, &error) else { throw failure(error) }
        defer { DGifCloseFile(gif, &error) }
        let w = Int(gif.pointee.SWidth)
        let h = Int(gif.pointee.SHeight)
        _ = try decoding.pixelCount(width: w, height: h)
        guard DGifSlurp(gif) == GIF_OK else { throw failure(gif.pointee.Error) }
        guard gif.pointee.ImageCount >= 1, let frame = gif.pointee.SavedImages?.pointee else {
          throw decoding.failure("no frame")
        }
        var control = GraphicsControlBlock()
        control.TransparentColor = -1
        _ = DGifSavedExtensionToGCB(gif, 0, &control)
        guard let map = frame.ImageDesc.ColorMap ?? gif.pointee.SColorMap,
          let colors = map.pointee.Colors, let raster = frame.RasterBits
        else {
          throw decoding.failure("the first frame has no colour table")
        }
        var image = RGBAImage(width: w, height: h)
        let left = Int(frame.ImageDesc.Left)
        let top = Int(frame.ImageDesc.Top)
        let fw = Int(frame.ImageDesc.Width)
        let fh = Int(frame.ImageDesc.Height)
        let colorCount = Int(map.pointee.ColorCount)
        for y in 0..<fh where top + y < h {
          for x in 0..<fw where left + x < w {
            let index = Int(raster[y * fw + x])
            if index == Int(control.TransparentColor) || index >= colorCount { continue }
            let c = colors[index]
            image[left + x, top + y] = RGBA8(c.Red, c.Green, c.Blue)
          }
        }
        return DecodedImage(image: image, format: .gif)
      }
    }
  }
}

/// The read position in the bytes giflib pulls from.
private struct GIFByteReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var offset: Int
}

/// giflib's input function: copies up to `count` bytes, returns how many.
private func gifRead(
  _ gif: UnsafeMutablePointer<GifFileType>?, _ out: UnsafeMutablePointer<GifByteType>?,
  _ count: Int32
) -> Int32 {
  guard let gif, let out, let user = gif.pointee.UserData else { return 0 }
  let reader = user.assumingMemoryBound(to: GIFByteReader.self)
  let n = min(Int(count), reader.pointee.bytes.count - reader.pointee.offset)
  guard n > 0 else { return 0 }
  out.update(from: reader.pointee.bytes.baseAddress! + reader.pointee.offset, count: n)
  reader.pointee.offset += n
  return Int32(n)
}
