/// The video encoders the ffmpeg writer drives (``VideoWriter``); which
/// container holds which is ``VideoContainer/codecs``.
public enum VideoCodec: String, Sendable, Equatable, CaseIterable {
  /// H.264 (libx264), 4:2:0, BT.709 matrix and tags, no alpha.
  case h264
  /// HEVC / H.265 (libx265), 4:2:0, BT.709, no alpha; tagged `hvc1` in
  /// MP4 and MOV, as Apple's players need.
  case hevc
  /// ProRes 422 HQ (prores_ks profile 3, `yuv422p10le`), no alpha: what
  /// editors take for opaque footage, about two thirds of ProRes 4444's
  /// size (Apple's target rates at 1080p30: 220 and 330 Mb/s; 11.6 MB
  /// against 18.2 MB for 2 s of ffmpeg's testsrc2 at 720p).
  case prores422hq
  /// ProRes 4444 with alpha (prores_ks, `yuva444p10le`), what Final Cut,
  /// Premiere, DaVinci Resolve and After Effects import with transparency.
  case prores4444
  /// VP9 (libvpx-vp9) with alpha (`yuva420p`).
  case vp9
  /// FFV1 (ffmpeg's lossless intra codec, level 3, slice CRCs) in `.mkv`:
  /// 4:4:4 with alpha, at 8, 10, 12 or 16 bits; for archiving and
  /// exchange between tools, not for players.
  case ffv1
  /// GIF: one palette for the whole clip (palettegen), dithered
  /// (paletteuse), looping; 1-bit transparency. Written in two passes so
  /// that no process holds the clip in memory: the frames go losslessly
  /// (FFV1) to a temporary file beside the output while the palette is
  /// made, then a second ffmpeg maps them to it; the temporary files are
  /// removed afterwards (the disk briefly holds a lossless copy of the clip).
  case gif
  /// Animated WebP (libwebp_anim), looping, with alpha.
  case webp

  /// Whether the encoder keeps an alpha channel (else frames are composited
  /// over ``VideoEncoding/background``).
  public var keepsAlpha: Bool {
    switch self {
    case .prores4444, .vp9, .ffv1, .gif, .webp: true
    case .h264, .hevc, .prores422hq: false
    }
  }

  /// Whether frames are encoded in 4:2:0 or 4:2:2 blocks that need an
  /// even width and height (H.264, HEVC, ProRes; ffmpeg would otherwise
  /// drop the last column and row): odd sizes are padded or cropped
  /// (``VideoEncoding/oddSize``).
  public var needsEvenSize: Bool {
    switch self {
    case .h264, .hevc, .prores422hq, .prores4444: true
    case .vp9, .ffv1, .gif, .webp: false
    }
  }

  /// The bits per value the codec is written at (``VideoEncoding/depth``):
  /// 8 for all; 10 and 12 for HEVC (Main 10, Main 12) and VP9 (profile
  /// 2); 10 for ProRes, whose 8 means frames that went through 8 bits.
  public var depths: [Int] {
    switch self {
    case .hevc, .vp9: [8, 10, 12]
    case .prores422hq, .prores4444: [8, 10]
    case .ffv1: [8, 10, 12, 16]
    case .h264, .gif, .webp: [8]
    }
  }

  /// The pixel format of a deep output at `bits` (> 8, one of
  /// ``depths``); nil for a depth the codec lacks. VP9 at 10 and 12 bits
  /// has no alpha.
  func pixelFormat(bits: Int, alpha: Bool) -> String? {
    guard bits > 8, depths.contains(bits) else { return nil }
    switch self {
    case .hevc, .vp9: return "yuv420p\(bits)le"
    case .prores422hq: return "yuv422p10le"
    case .prores4444: return alpha ? "yuva444p10le" : "yuv444p10le"
    // (FFV1 has no 12-bit format with alpha: 16 holds it.)
    case .ffv1: return alpha ? "yuva444p\(bits == 10 ? 10 : 16)le" : "yuv444p\(bits)le"
    case .h264, .gif, .webp: return nil
    }
  }

  /// Whether frames go to the encoder as 8-bit BT.709 `yuv420p`, converted
  /// by the tool (H.264, HEVC).
  var takesYUV420: Bool { self == .h264 || self == .hevc }

  /// ffmpeg's encoder.
  public var encoder: String {
    switch self {
    case .h264: "libx264"
    case .hevc: "libx265"
    case .prores422hq, .prores4444: "prores_ks"
    case .vp9: "libvpx-vp9"
    case .ffv1: "ffv1"
    case .gif: "gif"
    case .webp: "libwebp_anim"
    }
  }

  /// The container a codec goes to when none is named (the writer's path
  /// need not say): MP4 for H.264 and HEVC, MOV for ProRes, WebM for VP9.
  public var usualContainer: VideoContainer {
    switch self {
    case .h264, .hevc: .mp4
    case .prores422hq, .prores4444: .mov
    case .vp9: .webm
    case .ffv1: .mkv
    case .gif: .gif
    case .webp: .webp
    }
  }

  /// The name for messages.
  public var displayName: String {
    switch self {
    case .h264: "H.264"
    case .hevc: "HEVC"
    case .prores422hq: "ProRes 422 HQ"
    case .prores4444: "ProRes 4444"
    case .vp9: "VP9"
    case .ffv1: "FFV1"
    case .gif: "GIF"
    case .webp: "animated WebP"
    }
  }
}

/// The files the ffmpeg writer makes, one per output extension, and the
/// codecs each holds (``VideoEncoding/codec`` picks one).
public enum VideoContainer: String, Sendable, Equatable, CaseIterable {
  /// `.mp4`: H.264 (default) or HEVC.
  case mp4
  /// `.mov` (QuickTime): ProRes 4444 with alpha or ProRes 422 HQ (the
  /// default is by content: ``defaultCodec(transparent:)``), H.264, HEVC.
  case mov
  /// `.mkv` (Matroska): H.264 (default), HEVC, VP9; holds any audio
  /// codec (copied as it is).
  case mkv
  /// `.webm`: VP9 with alpha.
  case webm
  /// `.gif`.
  case gif
  /// `.webp`: animated WebP.
  case webp

  /// The codecs the container holds, its default first.
  public var codecs: [VideoCodec] {
    switch self {
    case .mp4: [.h264, .hevc]
    case .mov: [.prores4444, .prores422hq, .h264, .hevc]
    case .mkv: [.h264, .hevc, .vp9, .ffv1]
    case .webm: [.vp9]
    case .gif: [.gif]
    case .webp: [.webp]
    }
  }

  /// The codec used when none is given. MOV: ProRes 4444 with alpha when
  /// the frames have transparency, else ProRes 422 HQ (opaque: about two
  /// thirds of the size, no alpha plane); the others have one default.
  ///
  /// - Parameter transparent: whether the frames have transparent pixels
  ///   (unknown: pass true, which keeps them).
  public func defaultCodec(transparent: Bool) -> VideoCodec {
    self == .mov && !transparent ? .prores422hq : codecs[0]
  }

  /// Whether the default codec depends on the frames' transparency (MOV).
  public var choosesCodecByContent: Bool { self == .mov }

  /// Whether the container can take an audio stream.
  public var carriesAudio: Bool { self != .gif && self != .webp }

  /// ffmpeg's muxer.
  var muxer: String {
    switch self {
    case .mp4: "mp4"
    case .mov: "mov"
    case .mkv: "matroska"
    case .webm: "webm"
    case .gif: "gif"
    case .webp: "webp"
    }
  }

  /// The name for messages ("MP4", "MOV", …).
  public var displayName: String {
    switch self {
    case .webm: "WebM"
    case .webp: "WebP"
    default: rawValue.uppercased()
    }
  }
}
