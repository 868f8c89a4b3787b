import CHeif
import MeshWarpRender

/// Decodes HEIC and AVIF stills through libheif: the primary image, with
/// the file's transformations (rotation, mirroring, crop) applied as
/// viewers show it.
///
/// 8-bit images come back as `PixelImage.rgba8`; 10- and 12-bit ones as
/// `PixelImage.rgba16`, each n-bit value v scaled to round(v · 65535 /
/// (2ⁿ − 1)). The ICC profile is carried; an `nclx` description (H.273
/// primaries and transfer) becomes an ICC profile made with LittleCMS
/// (`NCLXProfile`), so that outputs say what their pixels are; one that
/// no ICC curve describes (PQ, HLG) travels as plain values, with a note.
/// EXIF is carried with its orientation set to 1 (libheif has applied
/// the file's own rotation), XMP as it is. Depth maps and other auxiliary
/// images (gain maps, mattes) are not used, with a note.
public enum HEIFDecoder {
  /// Decodes HEIC or AVIF bytes.
  ///
  /// - Parameters:
  ///   - bytes: a complete file.
  ///   - source: how errors and notes name the data.
  ///   - format: ``ImageFormat/heic`` or ``ImageFormat/avif``, for messages.
  ///   - maxPixels: refuse larger images before decoding any pixel.
  /// - Throws: `ImageCodecError.invalidImageData` (libheif's message) or
  ///   `.imageTooLarge`.
  public static func decode(
    _ bytes: [UInt8], source: String = "HEIF data", format: ImageFormat = .heic,
    maxPixels: Int = DecodeLimits.defaultMaxPixels
  ) throws -> DecodedImage {
    let decoding = FormatDecoding(source: source, format: format.name, maxPixels: maxPixels)
    func check(_ error: heif_error) throws {
      guard error.code != heif_error_Ok else { return }
      let message = error.message.map { String(cString: $0) } ?? "libheif failed"
      throw decoding.failure(message)
    }
    guard let context = heif_context_alloc() else { throw decoding.failure("out of memory") }
    defer { heif_context_free(context) }
    return try bytes.withUnsafeBytes { raw in
      try check(
        heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil))
      var handle: OpaquePointer? = nil
      try check(heif_context_get_primary_image_handle(context, &handle))
      guard let handle else { throw decoding.failure("no primary image") }
      defer { heif_image_handle_release(handle) }
      // The size before any crop is checked against the limit before
      // libheif decodes (and allocates) a pixel.
      _ = try decoding.pixelCount(
        width: Int(heif_image_handle_get_ispe_width(handle)),
        height: Int(heif_image_handle_get_ispe_height(handle)))
      let bits = Int(heif_image_handle_get_luma_bits_per_pixel(handle))
      let deep = bits > 8
      guard let options = heif_decoding_options_alloc() else {
        throw decoding.failure("out of memory")
      }
      defer { heif_decoding_options_free(options) }
      options.pointee.ignore_transformations = 0
      var image: OpaquePointer? = nil
      try check(
        heif_decode_image(
          handle, &image, heif_colorspace_RGB,
          deep ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RGBA, options))
      guard let image else { throw decoding.failure("libheif returned no image") }
      defer { heif_image_release(image) }
      let width = Int(heif_image_get_width(image, heif_channel_interleaved))
      let height = Int(heif_image_get_height(image, heif_channel_interleaved))
      _ = try decoding.pixelCount(width: width, height: height)
      var stride: Int32 = 0
      guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride)
      else { throw decoding.failure("libheif returned no pixels") }
      let premultiplied = heif_image_handle_is_premultiplied_alpha(handle) != 0
      let pixels: PixelImage
      if deep {
        let range = Int(heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved))
        pixels = .rgba16(
          Self.deepPixels(
            plane, stride: Int(stride), width: width, height: height, bits: range,
            premultiplied: premultiplied))
      } else {
        var values = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
          values.withUnsafeMutableBufferPointer { out in
            (out.baseAddress! + y * width * 4).update(
              from: plane + y * Int(stride), count: width * 4)
          }
        }
        if premultiplied { TIFFDecoder.unpremultiply(&values) }
        pixels = .rgba8(RGBAImage(width: width, height: height, pixels: values))
      }
      var notes: [String] = []
      let color = Self.color(handle: handle, image: image, source: source, notes: &notes)
      let metadata = Self.metadata(handle)
      if heif_image_handle_has_depth_image(handle) != 0 {
        notes.append("\(source): the \(format.name) file's depth map is not used")
      }
      let others = Int(
        heif_image_handle_get_number_of_auxiliary_images(handle, meshwarp_heif_aux_filter_other))
      if others > 0 {
        notes.append(
          "\(source): \(others) auxiliary image\(others == 1 ? "" : "s") of the \(format.name) file (a gain map, a matte) not used"
        )
      }
      return DecodedImage(
        pixels: pixels, format: format, color: color, metadata: metadata, notes: notes)
    }
  }

  /// 16-bit RGBA from libheif's little-endian n-bit samples: round(v ·
  /// 65535 / (2ⁿ − 1)); premultiplied colour divided out
  /// (`TIFFDecoder.unpremultiply16`).
  static func deepPixels(
    _ plane: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, bits: Int,
    premultiplied: Bool
  ) -> RGBA16Image {
    let top = UInt32((1 << bits) - 1)
    var values = [UInt16](repeating: 0, count: width * height * 4)
    let raw = UnsafeRawPointer(plane)
    for y in 0..<height {
      for i in 0..<(width * 4) {
        let v = UInt32(
          UInt16(
            littleEndian: raw.loadUnaligned(fromByteOffset: y * stride + 2 * i, as: UInt16.self)))
        values[y * width * 4 + i] = UInt16((min(v, top) * 65535 + top / 2) / top)
      }
    }
    if premultiplied { TIFFDecoder.unpremultiply16(&values) }
    return RGBA16Image(width: width, height: height, pixels: values)
  }

  /// The ICC profile (`prof`, `rICC`) as stored, else one made for the
  /// `nclx` description.
  static func color(
    handle: OpaquePointer, image: OpaquePointer, source: String, notes: inout [String]
  ) -> ColorDescription {
    let size = heif_image_handle_get_raw_color_profile_size(handle)
    if size > 0 {
      var icc = [UInt8](repeating: 0, count: size)
      if heif_image_handle_get_raw_color_profile(handle, &icc).code == heif_error_Ok {
        return ColorDescription(iccProfile: icc)
      }
    }
    // The `colr` box's, else what the decoder found in the bitstream.
    var nclx: UnsafeMutablePointer<heif_color_profile_nclx>? = nil
    if heif_image_handle_get_nclx_color_profile(handle, &nclx).code != heif_error_Ok {
      nclx = nil
      if heif_image_get_nclx_color_profile(image, &nclx).code != heif_error_Ok { nclx = nil }
    }
    guard let nclx else { return ColorDescription() }
    defer { heif_nclx_color_profile_free(nclx) }
    let n = nclx.pointee
    let primaries = Int(n.color_primaries.rawValue)
    let transfer = Int(n.transfer_characteristics.rawValue)
    // 2: unspecified (H.273); viewers then assume sRGB.
    if primaries == 2 && transfer == 2 { return ColorDescription() }
    if let icc = NCLXProfile.profile(
      white: (Double(n.color_primary_white_x), Double(n.color_primary_white_y)),
      red: (Double(n.color_primary_red_x), Double(n.color_primary_red_y)),
      green: (Double(n.color_primary_green_x), Double(n.color_primary_green_y)),
      blue: (Double(n.color_primary_blue_x), Double(n.color_primary_blue_y)),
      primaries: primaries, transfer: transfer)
    {
      return ColorDescription(iccProfile: icc)
    }
    notes.append(
      "\(source): its colour (H.273 primaries \(primaries), transfer \(transfer)) has no ICC profile here; the values are kept as they are, undescribed"
    )
    return ColorDescription()
  }

  /// The EXIF (its orientation set to 1, its 4-byte offset header
  /// skipped) and XMP blocks.
  static func metadata(_ handle: OpaquePointer) -> ImageMetadata {
    func blocks(_ type: String) -> [(id: heif_item_id, bytes: [UInt8])] {
      let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, type))
      guard count > 0 else { return [] }
      var ids = [heif_item_id](repeating: 0, count: count)
      _ = heif_image_handle_get_list_of_metadata_block_IDs(handle, type, &ids, Int32(count))
      return ids.compactMap { id in
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: size)
        guard heif_image_handle_get_metadata(handle, id, &bytes).code == heif_error_Ok else {
          return nil
        }
        return (id, bytes)
      }
    }
    var metadata = ImageMetadata()
    // HEIF's Exif item: a 4-byte big-endian offset to the TIFF header, then
    // the block (ISO/IEC 23008-12 Annex A.2.1).
    if let exif = blocks("Exif").first?.bytes, exif.count > 4 {
      let offset = exif[0..<4].reduce(0) { $0 << 8 | Int($1) }
      if offset <= exif.count - 4 - 8 {
        metadata.exif = EXIF.upright(Array(exif[(4 + offset)...]))
      }
    }
    for (id, bytes) in blocks("mime") {
      let type = heif_image_handle_get_metadata_content_type(handle, id).map { String(cString: $0) }
      if type == "application/rdf+xml" {
        metadata.xmp = XMPOrientation.upright(bytes)
        break
      }
    }
    return metadata
  }
}
