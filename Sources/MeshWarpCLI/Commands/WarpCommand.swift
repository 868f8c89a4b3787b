import Foundation
import MeshWarpArguments
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender
import MeshWarpVideo

/// `meshwarp warp IN.png --mesh MESH.json -o OUT.png`, or
/// `meshwarp warp IN.png --effect twirl --angle 90 -o OUT.png`
struct WarpCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "warp",
    summary:
      "Warp an image (PNG, JPEG, WebP, GIF, TIFF, HEIC, AVIF) or a video through a (keyframed) mesh or an effect.",
    details: """
      The mesh JSON: {"from": [[x,y],...], "to": [[x,y],...], "faces": [[i0,i1,i2,i3],...]}
      in normalized coordinates ((0,0) top-left, (1,1) bottom-right), or a grid:
      {"columns": 4, "rows": 4, "to": [...16 points]} (start from 'meshwarp mesh grid 4x4').
      With "units": "pixels" the coordinates are pixels of the input image. Errors in the
      mesh stop the command; warnings (e.g. a folded face) are printed and it renders anyway.
      A point set without faces, {"from": [[x,y],...], "to": [[x,y],...]}, pulls each
      "from" point of the picture to its "to" point along a thin-plate spline (the image
      corners stay pinned unless "pinCorners": false or --no-pin-corners; 3 points not on
      one line in all), e.g. {"from": [[0.5,0.5]], "to": [[0.6,0.4]]} pulls the centre.
      A keyframe file ({"keyframes": [{"time": 0, "mesh": "a.json", "easing":
      "easeInOut"}, ...]}) or --to-mesh animates the mesh: a still input then gives an
      animation. A video input (MP4, MOV, MKV, WebM, GIF, animated PNG: anything ffmpeg
      5.1 decodes, found by content; animated WebP needs ffmpeg 8) is warped frame by
      frame with the mesh at each frame's time; every frame keeps its time and duration
      (variable frame rates and GIF delays too); the audio is copied untouched, or
      transcoded (AAC, Opus) where the output cannot hold it. --time T without
      --duration or --fps, into a still (.png, .jpg, .webp), writes the one picture
      with the mesh at T, also under a keyframe file or --to-mesh; on a video, the one
      warped frame shown at T. --start, --end and --duration trim a video and its audio
      (a --to-mesh morph lasts --duration, default 1 s). Outputs: .png, .apng,
      .mp4 (H.264, BT.709), .mkv (H.264, any audio copied), .mov (ProRes 4444 with
      alpha when the frames have transparency, else ProRes 422 HQ; a note says which),
      .webm (VP9 with alpha), .gif, .webp, frame_%04d.png or frame_%04d.jpg, or a
      folder. --codec picks another: hevc in .mp4, .mov, .mkv; h264 in .mov; vp9 in .mkv.
      --effect KIND draws an effect (twirl, bulge, ripple, wave, lens) exactly, per pixel, at
      the output's size, with the parameters of 'meshwarp mesh KIND' (ImageMagick's
      '-swirl D' is '--effect twirl --angle -D --aspect fill'); a parameter given as a range
      A:B animates: over --duration on a still, over the whole (trimmed) clip on a video. An
      effect file from 'meshwarp mesh KIND' (no --size) is drawn the same way by --mesh.
      """,
    examples: [
      (
        "Twirl a photo by 90° (any size; --aspect fill for an ellipse over the long side):",
        "meshwarp warp photo.jpg --effect twirl --angle 90 -o twirled.jpg"
      ),
      (
        "A ripple running through a still for two seconds:",
        "meshwarp warp photo.jpg --effect ripple --amplitude 0.01 --phase 0:12.566 --duration 2 -o ripple.mp4"
      ),
      (
        "Warp a photo through a mesh, as the smooth surface through its points:",
        "meshwarp warp photo.jpg --mesh mesh.json --smooth -o warped.png"
      ),
      (
        "Morph from one mesh to another over two seconds, as an MP4:",
        "meshwarp warp photo.jpg --mesh a.json --to-mesh b.json --duration 2 -o morph.mp4"
      ),
      (
        "Warp a clip frame by frame (its audio kept), at half its size:",
        "meshwarp warp clip.mov --mesh mesh.json --size 960x540 -o warped.mp4"
      ),
      (
        "A JPEG at quality 85 on white, from standard input to standard output:",
        "meshwarp warp - --mesh mesh.json --format jpg --quality 85 -b white -o -"
      ),
    ])

  @Argument(
    repeating: "IN",
    help:
      "The image (PNG, JPEG, WebP, GIF, TIFF, HEIC, AVIF) or video to warp; several, with -o naming a folder, warp each into it under its own name (as ImageMagick's mogrify)."
  )
  var inputs: [String]
  /// The one input (the first of a batch, which runs each on its own).
  var input: String { inputs[0] }
  @Option(
    short: "m", placeholder: "MESH.json",
    help: "The warp mesh, a keyframe file, or an effect file (meshwarp mesh KIND).")
  var mesh: String?
  @Option(
    name: "--effect", placeholder: "KIND",
    help:
      "Draw an effect instead of a mesh: twirl, bulge, ripple, wave or lens, with the parameters below."
  )
  var effectKind: MeshEffect.Kind?
  @OptionGroup var effect: EffectOptions
  @Option(
    placeholder: "MESH.json",
    help:
      "Animate from --mesh to this mesh over --duration (default 1 s), easing in and out; on a video too."
  )
  var toMesh: String?
  @OptionGroup var output = OutputOptions(
    placeholder: "OUT",
    help:
      "Where to write the result: .png, .jpg, .webp; animations and video .apng, .mp4, .mkv, .mov, .webm, .gif, .webp ('-' for stdout)."
  )
  @OptionGroup var image: ImageOutputOptions
  @OptionGroup var size = SizeOptions(
    help:
      "Output size in pixels, WxH; one side alone (W:-1 or Wx, -1:H or xH) keeps the input's aspect ratio, as ffmpeg's scale=W:-1: rounded to the nearest pixel, or to an even number for H.264, HEVC and ProRes video, which need even sides.",
    defaultHelp: "the input's", keepsAspect: true)
  @OptionGroup var rendering: WarpRenderingOptions
  @Option(range: 1...16, help: "Samples per axis on the mesh's silhouette (1 = hard edges).")
  var antialias = 4
  @Option(range: 1...8, help: "Samples per axis for the whole image, for heavy minification.")
  var supersample = 1
  @OptionGroup var frames = FrameTimeOptions(fpsAlone: true, videoFPS: true)
  @Option(
    placeholder: "T", range: 0...1e9,
    help: "Trim a video: start at T seconds (the audio too); the output starts there.")
  var start: Double?
  @Option(
    placeholder: "T", range: 0...1e9,
    help: "Trim a video: end at T seconds (or give --duration S from --start).")
  var end: Double?
  @OptionGroup var video: VideoOptions
  @Option(
    placeholder: "N", range: 8...16,
    help:
      "Bits per value of a video output: 8; 10 or 12 with --codec hevc or vp9; 10 with ProRes; 10, 12 or 16 with --codec ffv1; 16 in a PNG sequence. An HDR (HLG, PQ) video written at 8 bits is tone-mapped to SDR BT.709, with a note. A still: 16 keeps a deep input (16-bit PNG and TIFF, 10- and 12-bit HEIC) deep and needs a PNG or TIFF output; 8 rounds once, at the end.",
    defaultHelp: "the input's, as deep as the output holds")
  var depth: Int?
  @Option(
    name: "--tone-map", placeholder: "CURVE",
    help:
      "How an HDR video is tone-mapped where the output holds 8 bits (H.264, GIF, WebP, APNG, PNG and JPEG sequences, --depth 8): hable, mobius, reinhard, clip.",
    defaultHelp: "hable")
  var toneMap: ToneMapping?
  @Flag(
    help:
      "Leave a video's audio out (by default it is copied, or transcoded to AAC or Opus where the output cannot hold it)."
  )
  var noAudio: Bool
  @Flag(
    help:
      "Write no metadata: into a still no EXIF, XMP, density, and no ICC profile or PNG colour chunks (as ImageMagick's -strip); into a video no container metadata (creation time, location, make, model). Without it they are kept, the EXIF orientation set to 1 once applied."
  )
  var strip: Bool
  @Flag(
    help:
      "Convert a still's pixels from the input's RGB ICC profile (Display P3, Adobe RGB, …) to sRGB with LittleCMS (relative colorimetric, black-point compensation), 8 or 16 bits, and write it as sRGB, without the foreign profile. Without it, values and profile travel unchanged."
  )
  var toSrgb: Bool
  @OptionGroup var threading: ThreadOptions
  @OptionGroup var limits: InputLimitOptions

  func validate() throws {
    if isBatch {
      try validateBatch()
    } else {
      try validateWarp()
    }
  }

  func run(console: Console) throws {
    for warning in rendering.warnings { console.error("meshwarp warp: \(warning)") }
    if let kind = effectKind, let note = effect.untouchedNote(kind) {
      console.error("note: " + note)
    }
    // The output size is checked once: here when --size gives it, else
    // once the input's size is known.
    if let size = size.size {
      try limits.checkOutputSize(size.width * supersample, size.height * supersample)
    }
    // The mesh file is read once; its errors wait until the mesh is needed
    // (a bad output is a usage error before any work).
    let meshFile = Result { try warpDocument() }
    // A HEIC or AVIF still sits in an ISO media `ftyp` box, as MP4 video
    // does: its brands say it is a picture.
    if InputKind.detect(path: input) == .video, !Self.isHEIFStill(input) {
      if frames.timeGiven {
        return try warpVideoFrame(try meshFile.get(), console: console)
      }
      let animation = try loadWarp(
        try meshFile.get(), content: nil, output: size.size, console: console)
      return try warpVideo(animation, console: console)
    }
    // An output that no writer takes is a usage error before any work; so is
    // an animated output for what can only be a still (no --to-mesh,
    // --duration or --fps, and a mesh file that is not a keyframe file).
    // `--time T` alone into a still extension is the one picture at T, even
    // under a keyframe file or `--to-mesh`.
    let oneStill =
      frames.asksForOneMoment && (try? image.stillFormat(for: output.output)) != nil
    let kind = (try? meshFile.get())?.document?.kind
    let meshChanges =
      toMesh != nil || frames.animation.duration != nil || effect.animates
      || kind == .meshKeyframes || kind == .effectKeyframes
    let mayAnimate = !oneStill && (meshChanges || frames.animation.fpsGiven)
    if start != nil || end != nil {
      throw CLIError.usage(
        "--start and --end trim a video; \(input) is a still (give --time for a keyframe file's moment)"
      )
    }
    var stillFormat: ImageFormat?
    if !mayAnimate || (try? OutputTarget.frames(path: output.output)) == nil {
      do {
        stillFormat = try image.stillFormat(for: output.output)
      } catch {
        // A damaged APNG or video whose header no longer says what it is
        // lands here as a "still": when the input is there but no readable
        // image either, its error is the one to show (naming the input).
        // A missing input leaves the usage error first (no work done).
        if input != FileInput.standardInputPath,
          FileManager.default.isReadableFile(atPath: input)
        {
          _ = try ImageDecoder.decodeFile(
            path: input, maxPixels: limits.maxPixels, threads: threading.threads)
        }
        throw error
      }
    }
    if !oneStill && meshChanges {
      let decoded = try ImageDecoder.decodeFile(
        path: input, maxPixels: limits.maxPixels, threads: threading.threads)
      for note in decoded.notes { console.error("note: " + note) }
      let source = decoded.image
      let (width, height) = {
        let out = size.resolved(
          input: PixelSize(width: source.width, height: source.height),
          even: animationNeedsEvenSize)
        return (out.width, out.height)
      }()
      if size.size == nil { try limits.checkOutputSize(width * supersample, height * supersample) }
      let animation = try loadWarp(
        try meshFile.get(), content: PixelSize(width: source.width, height: source.height),
        output: PixelSize(width: width, height: height), console: console)
      return try warpIntoAnimation(
        animation, source: source, width: width, height: height, console: console)
    }
    if let codec = video.codec {
      throw CLIError.usage(
        "--codec \(codec.rawValue) is for video outputs; \(output.output) is a still")
    }
    // A still: the library's job, planned (the picture decoded, the mesh
    // read for its size, smoothed by the renderer with --smooth or the
    // mesh's own "smooth": true), then run.
    let job = ImageWarp(
      input: .file(path: input), warp: try imageWarp(try meshFile.get()),
      time: frames.time, options: warpOptions(), width: size.width, height: size.height,
      output: try image.stillOutput(
        for: output.output, format: try stillFormat ?? image.stillFormat(for: output.output),
        keepsMetadata: !strip, threads: threading.threads, depth: try stillDepth(), toSRGB: toSrgb,
        console: console),
      maxPixels: limits.maxPixels, threads: threading.threads)
    let status = StageStatus(console: console)
    defer { status.finish() }
    let plan = try CLIError.reporting {
      try job.plan(note: { console.error($0) }, stage: status.enter)
    }
    for note in plan.notes { console.error("note: " + note) }
    let bytes = try plan.run(note: { console.error("note: " + $0) }, stage: status.enter)
    status.finish()
    if let bytes {
      try console.write(bytes)
    } else {
      console.error("wrote \(output.output) (\(plan.width)x\(plan.height))")
    }
  }
}

extension WarpCommand {
  /// `--depth` for a still: 8 or 16 bits a value (10 and 12 are video
  /// depths); nil: the input's where the format holds it.
  ///
  /// - Throws: `CLIError.usage` for another depth.
  func stillDepth() throws -> SampleDepth? {
    guard let depth else { return nil }
    guard let bits = SampleDepth(rawValue: String(depth)) else {
      throw CLIError.usage(
        "--depth \(depth): a still is written at 8 or 16 bits a value (10 and 12 are for video outputs)"
      )
    }
    return bits
  }

  /// Whether `path` starts as a HEIC or AVIF still (`ImageFormat.detect`
  /// by its `ftyp` brands), which `InputKind` would take for video.
  static func isHEIFStill(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 256)) ?? Data()
    let format = ImageFormat.detect([UInt8](head))
    return format == .heic || format == .avif
  }
}
