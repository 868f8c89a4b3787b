import Foundation
import MeshWarpArguments
import MeshWarpCore
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender
import MeshWarpText
import MeshWarpVideo

/// `meshwarp bench`: median milliseconds per frame of the renderer's work.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "bench", summary: "Measure rendering speed (median ms per frame).",
    details: """
      Cases (1920x1080 RGBA): copy (one frame copy, the memory floor), warp-1 (one quad),
      warp-16x16, warp-64x64 and warp-128x128 (the peers' sinusoidal meshes; warps render into
      one reused frame, as the peers' remap writes into a preallocated array), warp-genie (the
      genie's mesh halfway through: a 1920x675 view sliding into a dock slot of a 1920x1080
      canvas, filtered as `meshwarp genie` draws it), warp-16x16-4k (the same
      at 3840x2160), warp-16x16-portable
      (the portable Swift span loop where the AVX2 kernel would run), warp-1-unfiltered,
      warp-16x16-unfiltered and warp-64x64-unfiltered (minification filter off),
      warp-16x16-unwarped (`--edges unwarped`: the content as it was where no face
      covers), warp-16x16-bicubic, warp-9x9 and warp-9x9-smooth (piecewise vs smooth
      surface through the same 9x9 grid), warp-9x9-smooth-unfiltered, warp-tps-20 (a 20-point thin-plate spline, fitted every frame),
      effect-twirl (90 degrees), effect-bulge (0.5), effect-pinch (-0.5), effect-ripple
      (amplitude 0.01, wavelength 0.1), effect-wave (0.02, 0.1) and effect-lens (k1 -0.2)
      (each effect's exact field drawn per pixel, made every frame), each also
      -unfiltered (minification filter off) and -mesh (effect-twirl-mesh, ...: the
      effect's 0.25 px mesh, made once, through the mesh renderer),
      yuv420 and yuv420-scalar (an opaque frame to BT.709 4:2:0, the H.264 writer's
      conversion, with and without its vector path), yuv420-to-rgba (BT.709 4:2:0 planes
      to RGBA, the video reader's conversion), gradient-3x3 (the blog's smooth 3x3 mesh gradient) and gradient-3x3-4k (at 3840x2160), text-export (60 frames of the
      animated 1000x250 "Meshing" to an animated PNG; the time is for all 60 frames),
      png-48mp (an 8000x6000 PNG decoded, warped through the 16x16 mesh and encoded, in
      memory), pipeline-jpeg (a 4000x3000 JPEG file decoded, warped through 16x16 quads and
      written as JPEG quality 90: a whole `meshwarp warp photo.jpg -o out.jpg` without
      process start-up), video-16x16 (when ffmpeg is on PATH: a 1080p 30 fps H.264 clip of
      3 s, 90 frames, warped end to end through the 16x16 mesh to H.264 with x264's default
      preset and CRF, as ffmpeg's remap filter encodes; the time is for the whole clip).
      Variants of one case run in alternating blocks so that they see the same machine
      conditions; compare ratios from one run, not absolute times across runs.
      """,
    examples: [
      (
        "Time the warp cases, five runs each, as JSON:",
        "meshwarp bench --case warp --runs 5 --json"
      )
    ])

  @Flag(help: "One JSON object a line: case, width, height, threads, median_ms, min_ms, runs.")
  var json: Bool
  @OptionGroup var threading = ThreadOptions(
    help: "Measure with N threads only.", defaultHelp: "1 and all cores")
  @Option(range: 1...10_000, help: "Timed runs per case.") var runs = 15
  @Option(
    name: "--case", placeholder: "PREFIX",
    help:
      "Only the case named PREFIX, or else the cases whose name starts with it; several PREFIXes separated by commas run in one go.",
    defaultHelp: "all cases")
  var prefix = ""

  // swift-format-ignore: AlwaysUseLowerCamelCase
  // (the JSON keys are the bench's published field names)
  struct Result: Encodable {
    var `case`: String
    var width: Int
    var height: Int
    var threads: Int
    var median_ms: Double
    var min_ms: Double
    var runs: Int
  }

  /// A benchmark case: a name and a frame function for a thread count.
  struct Case {
    var name: String
    var width: Int
    var height: Int
    /// Most timed runs (for cases whose one run is long).
    var runsCap = Int.max
    var prepare: () -> (@Sendable (_ threads: Int) -> Void)
  }

  /// The output frame that a warp case renders into, run after run (runs
  /// are sequential).
  final class Frame: @unchecked Sendable {
    var image = RGBAImage(width: 0, height: 0)
  }

  /// ``Frame`` for the deep cases.
  final class DeepFrame: @unchecked Sendable {
    var image = RGBA16Image(width: 0, height: 0)
  }

  static func cases() -> [Case] {
    let (w, h) = (1920, 1080)
    func warp(
      _ name: String, options: WarpOptions = WarpOptions(), portable: Bool = false,
      width w: Int = 1920, height h: Int = 1080, _ mesh: @escaping @Sendable () -> WarpMesh
    ) -> Case {
      var chosen = options
      // The portable Swift loop instead of the AVX2 kernel.
      chosen.usesSpanKernel = !portable
      let options = chosen
      return Case(name: name, width: w, height: h) {
        let picture = ImageGenerators.benchmarkPicture(width: w, height: h)
        let m = mesh()
        // Into one reused frame, as the peers' remap writes into a
        // preallocated array: no per-run allocation and page faults.
        let frame = Frame()
        return { threads in
          var o = options
          o.threads = threads
          WarpRenderer.render(picture, mesh: m, options: o, into: &frame.image)
        }
      }
    }
    return [
      Case(name: "copy", width: w, height: h) {
        let picture = ImageGenerators.benchmarkPicture(width: w, height: h)
        return { _ in
          var copy = picture
          copy.pixels[0] &+= 1  // forces the copy
          precondition(copy.pixels.count == picture.pixels.count)
        }
      },
      warp("warp-1") { MeshPresets.originalCard },
      warp("warp-16x16") { MeshPresets.sinusoidal(columns: 17, rows: 17) },
      warp("warp-16x16-4k", width: 3840, height: 2160) {
        MeshPresets.sinusoidal(columns: 17, rows: 17)
      },
      warp("warp-16x16-portable", portable: true) { MeshPresets.sinusoidal(columns: 17, rows: 17) },
      // The same warp of the picture widened to 16 bits a value.
      Case(name: "warp-16x16-deep", width: w, height: h) {
        let picture = RGBA16Image(ImageGenerators.benchmarkPicture(width: w, height: h))
        let mesh = MeshPresets.sinusoidal(columns: 17, rows: 17)
        let frame = DeepFrame()
        return { threads in
          WarpRenderer.render(
            picture, geometry: .mesh(mesh), options: WarpOptions(threads: threads),
            into: &frame.image)
        }
      },
      warp("warp-64x64") { MeshPresets.sinusoidal(columns: 65, rows: 65) },
      warp("warp-128x128") { MeshPresets.sinusoidal(columns: 129, rows: 129) },
      genieCase(width: w, height: h),
      warp("warp-1-unfiltered", options: WarpOptions(minification: .off)) {
        MeshPresets.originalCard
      },
      warp("warp-16x16-unfiltered", options: WarpOptions(minification: .off)) {
        MeshPresets.sinusoidal(columns: 17, rows: 17)
      },
      warp("warp-64x64-unfiltered", options: WarpOptions(minification: .off)) {
        MeshPresets.sinusoidal(columns: 65, rows: 65)
      },
      warp("warp-16x16-unwarped", options: WarpOptions(edges: .unwarped)) {
        MeshPresets.sinusoidal(columns: 17, rows: 17)
      },
      warp("warp-16x16-bicubic", options: WarpOptions(interpolation: .bicubic)) {
        MeshPresets.sinusoidal(columns: 17, rows: 17)
      },
      warp("warp-9x9") { MeshPresets.sinusoidal(columns: 9, rows: 9, amplitude: 2) },
      warp("warp-9x9-smooth", options: WarpOptions(smooth: true)) {
        MeshPresets.sinusoidal(columns: 9, rows: 9, amplitude: 2)
      },
      warp(
        "warp-9x9-smooth-unfiltered", options: WarpOptions(minification: .off, smooth: true)
      ) {
        MeshPresets.sinusoidal(columns: 9, rows: 9, amplitude: 2)
      },
      thinPlateSplineCase(width: w, height: h),
    ] + effectCases(width: w, height: h) + [
      yuv420Case("yuv420", width: w, height: h, vectorized: true),
      yuv420Case("yuv420-scalar", width: w, height: h, vectorized: false),
      Case(name: "yuv420-to-rgba", width: w, height: h) {
        final class Frame: @unchecked Sendable {
          var pixels: [UInt8]
          init(pixels: [UInt8]) { self.pixels = pixels }
        }
        var planes: [UInt8] = []
        YUV420Conversion.convert(
          ImageGenerators.benchmarkPicture(width: w, height: h), into: &planes, threads: 0)
        let frame = Frame(pixels: [UInt8](repeating: 0, count: w * h * 4))
        return { [planes] threads in
          planes.withUnsafeBytes { source in
            frame.pixels.withUnsafeMutableBytes { target in
              YUV420ToRGBA.convert(
                source, width: w, height: h, matrix: .bt709, into: target, threads: threads)
            }
          }
        }
      },
      gradientCase("gradient-3x3", width: w, height: h),
      gradientCase("gradient-3x3-4k", width: 3840, height: 2160),
      Case(name: "text-export", width: 1000, height: 250, runsCap: 5) {
        // 60 frames of the animated "Meshing" (1000×250) to an animated PNG.
        let text = try? FilledText(
          "Meshing", font: FontFace(.defaultBoldSans, width: .expanded),
          options: TextLayoutOptions(sizePixels: 150), padding: 4)
        let path = NSTemporaryDirectory() + "meshwarp-bench-\(UUID().uuidString).apng"
        return { threads in
          guard let text else { return }
          let renderer = GradientRenderer(options: GradientRenderOptions(threads: threads))
          var options = APNGOptions()
          options.framesPerSecond = 60
          options.concurrentFrames = threads
          do {
            let writer = try APNGWriter(path: path, width: 1000, height: 250, options: options)
            for frame in 0..<60 {
              let fill = renderer.render(
                GradientPresets.meshing(at: Double(frame) / 60), width: text.width,
                height: text.height)
              try writer.append(
                text.render(
                  fill: fill, background: .transparent, canvasWidth: 1000, canvasHeight: 250))
            }
            try writer.finish()
          } catch {
            preconditionFailure("text-export bench failed: \(error)")
          }
          try? FileManager.default.removeItem(atPath: path)
        }
      },
      pipelineCase(),
      Case(name: "pipeline-jpeg", width: 4000, height: 3000, runsCap: 7) {
        // Pillow's pipeline peer: the same pattern, JPEG quality 90 in and out.
        let (pw, ph) = (4000, 3000)
        var pattern = RGBAImage(width: pw, height: ph, fill: .white)
        pattern.pixels.withUnsafeMutableBufferPointer { p in
          for y in 0..<ph {
            for x in 0..<pw {
              let i = (y * pw + x) * 4
              p[i] = UInt8((x / 7) % 256)
              p[i + 1] = UInt8((y / 5) % 256)
              p[i + 2] = UInt8(((x + y) / 9) % 256)
            }
          }
        }
        // One fixed folder, so that repeated benches reuse (not pile up) 2 files.
        let folder = NSTemporaryDirectory() + "meshwarp-bench-pipeline-jpeg"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let input = folder + "/in.jpg"
        let output = folder + "/out.jpg"
        // 4:2:0 in and out, as Pillow saves at quality 90; one piece, no
        // restart markers, as Pillow writes it.
        try? OutputFile.write(
          try! JPEGEncoder.encode(pattern, quality: 90, subsampling: .chroma420, threads: 1),
          to: input)
        let mesh = MeshPresets.sinusoidal(columns: 17, rows: 17)
        return { threads in
          do {
            let decoded = try ImageDecoder.decodeFile(path: input, threads: threads)
            let warped = WarpRenderer.render(
              decoded.image, mesh: mesh, options: WarpOptions(threads: threads))
            let (bytes, _) = try ImageEncoder.encode(
              warped,
              options: ImageEncodingOptions(
                format: .jpeg, color: decoded.color, jpegSubsampling: .chroma420, threads: threads),
              destination: output)
            try OutputFile.write(bytes, to: output)
          } catch {
            preconditionFailure("pipeline-jpeg bench failed: \(error)")
          }
        }
      },
    ] + videoCases()
  }

  /// `gradient-3x3` (and its 4K twin): the blog's static 3×3 mesh (the
  /// peers' cairo positions and colours), smooth colours, dithering on (the
  /// default).
  static func gradientCase(_ name: String, width w: Int, height h: Int) -> Case {
    Case(name: name, width: w, height: h) {
      let mesh = GradientMesh(
        width: 3, height: 3,
        points: [
          Vector2(0, 0), Vector2(0.5, 0), Vector2(1, 0), Vector2(0, 0.5), Vector2(0.45, 0.55),
          Vector2(1, 0.5), Vector2(0, 1), Vector2(0.5, 1), Vector2(1, 1),
        ], colors: GradientPresets.meshingColors, background: .black)
      return { threads in
        _ = GradientRenderer(options: GradientRenderOptions(threads: threads))
          .render(mesh, width: w, height: h)
      }
    }
  }

  /// `yuv420` and `yuv420-scalar`: the H.264 writer's conversion of an
  /// opaque frame (the benchmark picture) to BT.709 4:2:0, with its vector
  /// path and with the scalar path alone, into one reused buffer.
  static func yuv420Case(_ name: String, width w: Int, height h: Int, vectorized: Bool) -> Case {
    Case(name: name, width: w, height: h) {
      final class Planes: @unchecked Sendable { var bytes: [UInt8] = [] }
      let frame = ImageGenerators.benchmarkPicture(width: w, height: h)  // opaque
      let planes = Planes()
      return { threads in
        YUV420Conversion.convert(
          frame, into: &planes.bytes, threads: threads, vectorized: vectorized)
      }
    }
  }

  /// `effect-…`: each effect drawn from its exact field (the field made
  /// every frame, as an animation does), also with the minification filter
  /// off (`-unfiltered`), and `effect-…-mesh`: the same effect through its
  /// mesh within 0.25 px (made once, as a mesh file read by `meshwarp warp
  /// --mesh`), through the mesh renderer.
  static func effectCases(width w: Int, height h: Int) -> [Case] {
    let effects: [(String, MeshEffect)] = [
      ("twirl", .twirl(degrees: 90)), ("bulge", .bulge(strength: 0.5)),
      ("pinch", .bulge(strength: -0.5)), ("ripple", .ripple(amplitude: 0.01, wavelength: 0.1)),
      ("wave", .wave(amplitude: 0.02, wavelength: 0.1)),
      ("lens", .lens(distortion: LensDistortion(k1: -0.2))),
    ]
    func field(_ name: String, _ effect: MeshEffect, _ options: WarpOptions) -> Case {
      Case(name: name, width: w, height: h) {
        let picture = ImageGenerators.benchmarkPicture(width: w, height: h)
        let frame = Frame()
        return { threads in
          var o = options
          o.threads = threads
          WarpRenderer.render(picture, geometry: .effect(effect), options: o, into: &frame.image)
        }
      }
    }
    return effects.flatMap { name, effect in
      [
        field("effect-\(name)", effect, WarpOptions()),
        field("effect-\(name)-unfiltered", effect, WarpOptions(minification: .off)),
        Case(name: "effect-\(name)-mesh", width: w, height: h) {
          let picture = ImageGenerators.benchmarkPicture(width: w, height: h)
          guard let mesh = try? effect.mesh(width: w, height: h) else {
            preconditionFailure("effect-\(name)-mesh bench mesh failed")
          }
          let frame = Frame()
          return { threads in
            WarpRenderer.render(
              picture, mesh: mesh, options: WarpOptions(threads: threads), into: &frame.image)
          }
        },
      ]
    }
  }

  /// `warp-genie`: the frame at progress 0.5 of the genie as `meshwarp
  /// genie` lays it out by default (the view at the top of a canvas 1.6×
  /// its height, a dock-like slot a sixth of its width at the bottom),
  /// the canvas 1920×1080, drawn with the standard filter onto
  /// transparency.
  static func genieCase(width w: Int, height h: Int) -> Case {
    Case(name: "warp-genie", width: w, height: h) {
      let viewHeight = (Double(h) / 1.6).rounded()
      let picture = ImageGenerators.benchmarkPicture(width: w, height: Int(viewHeight))
      let view = CGRect(x: 0, y: 0, width: Double(w), height: viewHeight)
      let along = Double(h) * 0.06
      let target = CGRect(
        x: view.midX - view.width / 12, y: Double(h) - along, width: view.width / 6,
        height: along)
      guard
        let layout = try? GenieLayout(
          canvasSize: CGSize(width: Double(w), height: Double(h)), viewRect: view,
          targetRect: target, edge: .bottom),
        let mesh = try? GenieMeshGenerator(layout: layout).mesh(progress: 0.5)
      else { preconditionFailure("warp-genie bench mesh failed") }
      let frame = Frame()
      return { threads in
        let options = WarpOptions(
          width: w, height: h, edges: .transparent, minification: .standard, threads: threads)
        WarpRenderer.render(picture, mesh: mesh, options: options, into: &frame.image)
      }
    }
  }

  /// `warp-tps-20`: a thin-plate spline through 20 points (a ring of 12
  /// pulled inwards and 8 pushed sideways, deterministic), fitted and
  /// tessellated every frame as an editor dragging a point would, then
  /// rendered.
  static func thinPlateSplineCase(width w: Int, height h: Int) -> Case {
    Case(name: "warp-tps-20", width: w, height: h) {
      let picture = ImageGenerators.benchmarkPicture(width: w, height: h)
      let pairs = (0..<20).map { k in
        let t = Double(k) / 20 * 2 * Double.pi
        let r = k < 12 ? 0.3 : 0.15
        let from = CGPoint(x: 0.5 + r * cos(t), y: 0.5 + r * sin(t))
        let shift = k < 12 ? 0.9 : 1.0
        let to = CGPoint(
          x: 0.5 + r * shift * cos(t) + (k < 12 ? 0 : 0.02), y: 0.5 + r * shift * sin(t))
        return MeshPointPair(from: from, to: to)
      }
      let frame = Frame()
      return { threads in
        guard
          let mesh = try? WarpMesh.thinPlateSpline(
            pairs: pairs, outputSize: Vector2(Double(w), Double(h)))
        else { preconditionFailure("thin-plate spline bench mesh failed") }
        WarpRenderer.render(
          picture, mesh: mesh, options: WarpOptions(threads: threads), into: &frame.image)
      }
    }
  }

  /// `png-48mp`: as `meshwarp warp` runs on a 48-megapixel PNG (the peers'
  /// 8000x6000 RGBA pattern): decode, warp through the 16x16 wave mesh,
  /// encode (bytes in memory; no file system). The time is for one image.
  static func pipelineCase() -> Case {
    let (w, h) = (8000, 6000)
    return Case(name: "png-48mp", width: w, height: h, runsCap: 3) {
      // The peers' pattern: (x/7, y/5, (x+y)/9, 255) mod 256.
      var picture = RGBAImage(width: w, height: h)
      picture.pixels.withUnsafeMutableBufferPointer { p in
        for y in 0..<h {
          for x in 0..<w {
            let i = (y * w + x) * 4
            p[i] = UInt8(truncatingIfNeeded: x / 7)
            p[i + 1] = UInt8(truncatingIfNeeded: y / 5)
            p[i + 2] = UInt8(truncatingIfNeeded: (x + y) / 9)
            p[i + 3] = 255
          }
        }
      }
      guard let input = try? PNGEncoder.encode(picture, speed: .fast) else {
        preconditionFailure("png-48mp bench input failed")
      }
      let mesh = MeshPresets.sinusoidal(columns: 17, rows: 17)
      return { threads in
        do {
          let image = try PNGDecoder.decode(input, threads: threads)
          let warped = WarpRenderer.render(
            image, mesh: mesh, options: WarpOptions(threads: threads))
          _ = try PNGEncoder.encode(warped, threads: threads)
        } catch {
          preconditionFailure("png-48mp bench failed: \(error)")
        }
      }
    }
  }

  /// `video-16x16`, when ffmpeg is there to make its clip.
  static func videoCases() -> [Case] {
    guard
      let ffmpeg = ExecutableLocator.find(
        "ffmpeg", environment: ProcessInfo.processInfo.environment)
    else { return [] }
    return [
      Case(name: "video-16x16", width: 1920, height: 1080, runsCap: 3) {
        let folder = NSTemporaryDirectory() + "meshwarp-bench-video-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true)
        let clip = folder + "/clip.mp4"
        let make = Process()
        make.executableURL = URL(fileURLWithPath: ffmpeg)
        make.arguments = [
          "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
          "testsrc2=size=1920x1080:rate=30:duration=3", "-c:v", "libx264", "-preset", "veryfast",
          "-pix_fmt", "yuv420p", clip,
        ]
        try? make.run()
        make.waitUntilExit()
        let wave = MeshPresets.sinusoidal(columns: 17, rows: 17)
        return { threads in
          let job = VideoWarp(
            input: .video(path: clip), mesh: .still(wave),
            warp: WarpOptions(edges: .unwarped, threads: threads),
            output: VideoWarp.Output(
              path: folder + "/out.mp4", encoding: VideoEncoding(constantRateFactor: 23)))
          do {
            try job.run()
          } catch {
            preconditionFailure("video bench failed: \(error)")
          }
        }
      }
    ]
  }

  func run(console: Console) throws {
    let cores = resolvedThreadCount(0)
    let threadCounts: [Int] =
      if threading.isGiven { [threading.threads] } else { cores == 1 ? [1] : [1, cores] }
    // A case named exactly runs alone (warp-16x16, not its variants);
    // each of several prefixes selects its own, in the order given.
    let all = Self.cases()
    let prefixes = prefix.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    var selected: [Case] = []
    for prefix in prefixes {
      let chosen =
        all.contains { $0.name == prefix }
        ? all.filter { $0.name == prefix } : all.filter { $0.name.hasPrefix(prefix) }
      guard !chosen.isEmpty else {
        throw CLIError.usage(
          "no bench case starts with '\(prefix)'; cases: \(all.map(\.name).joined(separator: ", "))"
        )
      }
      selected += chosen
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // The case column fits the longest selected name and a space.
    let caseWidth = max(18, (selected.map(\.name.count).max() ?? 0) + 1)
    if !json {
      try console.print(
        "case".padding(toLength: caseWidth, withPad: " ", startingAt: 0)
          + "size        threads   median ms     min ms   runs")
    }
    for c in selected {
      let frame = c.prepare()
      let timings = Timing.interleaved(variants: threadCounts, runs: min(runs, c.runsCap)) {
        frame($0)
      }
      for (threads, samples) in zip(threadCounts, timings) {
        let r = Result(
          case: c.name, width: c.width, height: c.height, threads: threads,
          median_ms: Timing.median(samples), min_ms: samples.min() ?? 0, runs: samples.count)
        if json {
          try console.print(String(decoding: try encoder.encode(r), as: UTF8.self))
        } else {
          try console.print(
            r.case.padding(toLength: caseWidth, withPad: " ", startingAt: 0)
              + "\(r.width)x\(r.height)".padding(toLength: 12, withPad: " ", startingAt: 0)
              + String(format: "%7d %11.2f %10.2f %6d", r.threads, r.median_ms, r.min_ms, r.runs))
        }
      }
    }
  }
}

/// Wall-clock timing helpers for the bench (never for tests).
enum Timing {
  /// Milliseconds per call of `body(variant)` for each variant, timed in
  /// alternating blocks (after one warm-up call each) so that all variants
  /// see the same machine conditions.
  static func interleaved<V>(variants: [V], runs: Int, blocks: Int = 3, _ body: (V) -> Void)
    -> [[Double]]
  {
    var samples = [[Double]](repeating: [], count: variants.count)
    for v in variants { body(v) }
    let perBlock = max(1, (runs + blocks - 1) / blocks)
    let clock = ContinuousClock()
    for _ in 0..<blocks {
      for (i, v) in variants.enumerated() where samples[i].count < runs {
        for _ in 0..<min(perBlock, runs - samples[i].count) {
          let t = clock.measure { body(v) }
          samples[i].append(
            Double(t.components.seconds) * 1000 + Double(t.components.attoseconds) / 1e15)
        }
      }
    }
    return samples
  }

  static func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    guard !s.isEmpty else { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
  }
}
