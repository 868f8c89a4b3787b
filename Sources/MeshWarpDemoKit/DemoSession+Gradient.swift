import Foundation

/// Gradient mode's constants: the starting gradient, the palette and where
/// its strip is drawn.
package enum GradientEditing {
  /// The gradient gradient mode starts with: 3×3, the centre pulled up and
  /// left, warm to cool colours.
  package static let defaultGradient = GradientMesh(
    width: 3, height: 3,
    points: [
      Vector2(0, 0), Vector2(0.5, 0), Vector2(1, 0),
      Vector2(0, 0.5), Vector2(0.4, 0.4), Vector2(1, 0.5),
      Vector2(0, 1), Vector2(0.5, 1), Vector2(1, 1),
    ],
    colors: [
      0xFF3B30, 0xFF9500, 0xFFCC00, 0xAF52DE, 0xFFFFFF, 0x34C759, 0x007AFF, 0x5AC8FA, 0x34C759,
    ]
    .map { colour(hex: $0) })

  /// The palette for keys 1–9 and the strip: red, orange, yellow, green,
  /// teal, blue, purple, white, black.
  package static let palette: [UInt32] = [
    0xFF3B30, 0xFF9500, 0xFFCC00, 0x34C759, 0x5AC8FA, 0x007AFF, 0xAF52DE, 0xFFFFFF, 0x000000,
  ]

  /// A colour from 0xRRGGBB.
  package static func colour(hex: UInt32) -> GradientColor {
    GradientColor(
      red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
      blue: Double(hex & 0xFF) / 255)
  }

  /// "#RRGGBB" (and "AA" when not opaque) of a colour, rounded.
  package static func hexText(_ c: GradientColor) -> String {
    func byte(_ v: Double) -> String {
      String(format: "%02X", Int((min(max(v, 0), 1) * 255).rounded()))
    }
    return "#" + byte(c.red) + byte(c.green) + byte(c.blue) + (c.alpha < 1 ? byte(c.alpha) : "")
  }

  /// Swatch size and gap of the palette strip, in pixels, and its margin
  /// from the window's bottom-left corner.
  static let swatch = 26.0
  static let gap = 6.0
  static let margin = 12.0

  /// The swatch rectangle (origin, size) of palette entry `i` in a frame
  /// of `frameSize`.
  package static func swatchRect(_ i: Int, frameSize: Vector2) -> (origin: Vector2, size: Vector2) {
    (
      Vector2(margin + Double(i) * (swatch + gap), frameSize.y - margin - swatch),
      Vector2(swatch, swatch)
    )
  }

  /// The palette entry at a window point, if any.
  package static func swatch(at p: Vector2, frameSize: Vector2) -> Int? {
    palette.indices.first {
      let r = swatchRect($0, frameSize: frameSize)
      return p.x >= r.origin.x && p.x < r.origin.x + r.size.x && p.y >= r.origin.y
        && p.y < r.origin.y + r.size.y
    }
  }
}

extension DemoSession {
  func gradientMouseDown(_ p: Vector2) {
    if !overlayHidden, let k = GradientEditing.swatch(at: p, frameSize: frameSize) {
      setGradientColour(GradientEditing.colour(hex: GradientEditing.palette[k]))
      return
    }
    guard let (i, handle) = gradientTarget(at: p) else { return }
    let grabbed = handle.map { handlePositions[i][$0]! } ?? gradient.positions[i]
    gradientDrag = Drag(
      index: i, grab: grabbed * frameSize - p, moved: false, before: snapshot, handle: handle)
    if selectedGradientPoint != i {
      selectedGradientPoint = i
      log("selected: gradient point \(i) (\(GradientEditing.hexText(gradient.colors[i])))")
    }
  }

  /// The vertex, or (while they are shown and no vertex is hit) the bezier
  /// handle, nearest to window point `p` within
  /// ``ControlPointPicker/defaultRadius``.
  func gradientTarget(at p: Vector2) -> (index: Int, handle: GradientHandle?)? {
    let r2 = ControlPointPicker.defaultRadius * ControlPointPicker.defaultRadius
    func nearest(_ candidates: [(Int, GradientHandle?, Vector2)]) -> (Int, GradientHandle?)? {
      var best: (Int, GradientHandle?, Double)?
      for (i, handle, q) in candidates {
        let d = q * frameSize - p
        let d2 = (d * d).sum()
        if d2 <= r2, best == nil || d2 < best!.2 { best = (i, handle, d2) }
      }
      return best.map { ($0.0, $0.1) }
    }
    if let hit = nearest(gradient.positions.enumerated().map { ($0.offset, nil, $0.element) }) {
      return hit
    }
    guard showHandles else { return nil }
    return nearest(
      handlePositions.enumerated().flatMap { i, handles in
        handles.map { (i, Optional($0.key), $0.value) }
      })
  }

  /// Each vertex's drawn handles (those with an edge) at their unit
  /// positions: explicit ones, or the automatic ones for
  /// ``GradientMesh/Locations/points(_:)``.
  var handlePositions: [[GradientHandle: Vector2]] {
    let (w, h) = (gradient.width, gradient.height)
    return gradient.resolvedBezierPoints.enumerated().map { i, point in
      var handles: [GradientHandle: Vector2] = [:]
      for handle in GradientHandle.allCases
      where handle.exists(column: i % w, row: i / w, width: w, height: h) {
        handles[handle] = point[keyPath: handle.keyPath]
      }
      return handles
    }
  }

  func gradientMouseMove(_ p: Vector2) {
    guard var d = gradientDrag else { return }
    let unit = pointwiseMin(pointwiseMax(p + d.grab, .zero), frameSize) / frameSize
    if let handle = d.handle {
      guard unit != handlePositions[d.index][handle] else { return }
      if !d.moved {
        history.record("drag gradient handle \(d.index) \(handle.rawValue)", before: d.before)
      }
      moveGradientHandle(d.index, handle, to: unit)
    } else {
      guard unit != gradient.positions[d.index] else { return }
      if !d.moved { history.record("drag gradient point \(d.index)", before: d.before) }
      moveGradientPoint(d.index, to: unit)
    }
    d.moved = true
    gradientDrag = d
  }

  func gradientMouseUp(_ p: Vector2) {
    guard gradientDrag != nil else { return }
    gradientMouseMove(p)
    let d = gradientDrag!
    gradientDrag = nil
    guard d.moved else { return }
    if let handle = d.handle {
      logGradientHandle(d.index, handle)
    } else {
      logGradientPoint(d.index, verb: "moved to")
    }
  }

  /// Moves one handle of vertex `i` to the unit point `unit`. Automatic
  /// handles (``GradientMesh/Locations/points(_:)``) first become explicit
  /// ones at the same places, so the rest of the shape does not change.
  func moveGradientHandle(_ i: Int, _ handle: GradientHandle, to unit: Vector2) {
    var points = gradient.resolvedBezierPoints
    points[i][keyPath: handle.keyPath] = unit
    gradient.locations = .bezierPoints(points)
  }

  /// "gradient handle 4 trailing at 512.0 300.0 px (0.6400 0.5000)".
  func logGradientHandle(_ i: Int, _ handle: GradientHandle) {
    guard let unit = handlePositions[i][handle] else { return }
    let px = unit * frameSize
    log(
      "gradient handle \(i) \(handle.rawValue) at "
        + "\(Self.format(px.x, 1)) \(Self.format(px.y, 1)) px "
        + "(\(Self.format(unit.x, 4)) \(Self.format(unit.y, 4)))")
  }

  /// Moves vertex `i` to the unit point `unit` (its explicit handles, if
  /// any, move with it).
  func moveGradientPoint(_ i: Int, to unit: Vector2) {
    switch gradient.locations {
    case .points(var points):
      points[i] = unit
      gradient.locations = .points(points)
    case .bezierPoints(var points):
      let delta = unit - points[i].position
      points[i].position = unit
      points[i].leadingControlPoint += delta
      points[i].topControlPoint += delta
      points[i].trailingControlPoint += delta
      points[i].bottomControlPoint += delta
      gradient.locations = .bezierPoints(points)
    }
  }

  func logGradientPoint(_ i: Int, verb: String) {
    let unit = gradient.positions[i]
    let px = unit * frameSize
    log(
      "gradient point \(i) (column \(i % gradient.width), row \(i / gradient.width)) \(verb) "
        + "\(Self.format(px.x, 1)) \(Self.format(px.y, 1)) px "
        + "(\(Self.format(unit.x, 4)) \(Self.format(unit.y, 4)))")
  }

  /// One line describing the gradient.
  func logGradient() {
    log(
      "gradient: \(gradient.width)x\(gradient.height), smoothsColors \(gradient.smoothsColors), "
        + "colorSpace \(gradient.colorSpace.rawValue)")
  }

  /// Gives the selected vertex `colour` (an undoable edit).
  func setGradientColour(_ colour: GradientColor) {
    guard let i = selectedGradientPoint else {
      log("colour: no gradient point selected (click one first)")
      return
    }
    guard gradient.colors[i] != colour else { return }
    record("colour of gradient point \(i)")
    gradient.colors[i] = colour
    log("colour: gradient point \(i) = \(GradientEditing.hexText(colour))")
  }

  /// Gradient mode's keys; `false` for keys it leaves to the warp mode's
  /// handling (help, save, quit, undo, …).
  func pressGradient(_ key: DemoKey) -> Bool {
    switch key {
    case .density(let n) where n <= GradientEditing.palette.count:
      setGradientColour(GradientEditing.colour(hex: GradientEditing.palette[n - 1]))
    case .nudge(let dx, let dy):
      guard let i = selectedGradientPoint else {
        log("nudge: no gradient point selected (click one first)")
        return true
      }
      let p = gradient.positions[i] * frameSize + Vector2(Double(dx), Double(dy))
      let unit = pointwiseMin(pointwiseMax(p, .zero), frameSize) / frameSize
      guard unit != gradient.positions[i] else { return true }
      record("nudge gradient point \(i) by \(dx) \(dy) px")
      moveGradientPoint(i, to: unit)
      logGradientPoint(i, verb: "moved to")
    case .gradientColumns(let d), .gradientRows(let d):
      var (w, h) = (gradient.width, gradient.height)
      if case .gradientColumns = key { w += d } else { h += d }
      guard (2...9).contains(w), (2...9).contains(h) else {
        log("gradient size: \(w)x\(h) is outside 2-9")
        return true
      }
      record("gradient size \(w)x\(h)")
      gradient = GradientResampler.resample(gradient, width: w, height: h)
      selectedGradientPoint = nil
      log("gradient size: \(w)x\(h) (shape kept)")
    case .smoothsColors:
      record("smoothsColors")
      gradient.smoothsColors.toggle()
      log("smoothsColors: \(gradient.smoothsColors)")
    case .bezierHandles:
      showHandles.toggle()
      let kind = if case .bezierPoints = gradient.locations { "explicit" } else { "automatic" }
      log("bezier handles: \(showHandles ? "shown (\(kind))" : "hidden")")
    case .colorSpace:
      record("colour space")
      gradient.colorSpace = gradient.colorSpace == .device ? .perceptual : .device
      log("colorSpace: \(gradient.colorSpace.rawValue)")
    case .hexEntry:
      guard selectedGradientPoint != nil else {
        log("hex: no gradient point selected (click one first)")
        return true
      }
      hexEntry = ""
      log("hex: type RRGGBB, Return applies, Escape cancels")
    case .reset:
      guard gradient != GradientEditing.defaultGradient else { return true }
      record("reset gradient")
      gradient = GradientEditing.defaultGradient
      selectedGradientPoint = nil
      log("reset: default gradient")
    default:
      return false
    }
    return true
  }

  /// Keys while a hex colour is typed: Return applies, Backspace deletes,
  /// Escape cancels; the rest are ignored (their characters arrive as text).
  func hexEntryKey(_ key: DemoKey) {
    guard let text = hexEntry else { return }
    switch key {
    case .hexEntry:
      hexEntry = nil
      // The one colour parser (gradient JSON and the command line read
      // colours with it too).
      guard let colour = GradientColor(text: text) else {
        log("hex: '\(text)' is not RRGGBB or RRGGBBAA")
        return
      }
      setGradientColour(colour)
    case .backspace:
      hexEntry = String(text.dropLast())
    case .quit:
      hexEntry = nil
      log("hex: cancelled")
    default:
      break
    }
  }

  /// Typed text: hex digits go into the entry (at most 8).
  func typeHex(_ text: String) {
    guard var entry = hexEntry else { return }
    for ch in text where ch.isHexDigit && entry.count < 8 { entry.append(ch) }
    hexEntry = entry.uppercased()
  }

  /// The gradient (rendered again only when it changed) with its overlay:
  /// the vertex grid, the points, the palette strip and the hex entry.
  func renderGradientFrame() -> Frame {
    let clock = ContinuousClock()
    let t0 = clock.now
    let base: RGBAImage
    if let cache = gradientCache, cache.gradient == gradient {
      base = cache.image
    } else {
      base = GradientRenderer(options: GradientRenderOptions(threads: threads))
        .render(gradient, width: frameWidth, height: frameHeight)
      gradientCache = (gradient, base)
    }
    let t1 = clock.now
    var image = base
    let clean: RGBAImage? = overlayHidden || !pendingCleanSaves.isEmpty ? base : nil
    if !overlayHidden {
      let points = gradient.positions.map { $0 * frameSize }
      let (w, h) = (gradient.width, gradient.height)
      let line = RGBA8(255, 255, 255, 170)
      for r in 0..<h {
        for c in 0..<w {
          let p = points[r * w + c]
          if c + 1 < w { image.drawLine(from: p, to: points[r * w + c + 1], colour: line) }
          if r + 1 < h { image.drawLine(from: p, to: points[(r + 1) * w + c], colour: line) }
        }
      }
      if showHandles {
        let handleColour = RGBA8(255, 214, 10, 230)
        for (i, handles) in handlePositions.enumerated() {
          for (_, q) in handles.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            image.drawLine(from: points[i], to: q * frameSize, colour: handleColour)
            image.fillCircle(
              centre: q * frameSize, radius: 4, colour: RGBA8(20, 20, 24), outline: handleColour,
              outlineWidth: 2)
          }
        }
      }
      for (i, p) in points.enumerated() {
        let selected = i == selectedGradientPoint
        image.fillCircle(
          centre: p, radius: selected ? 9 : 6, colour: gradient.colors[i].rgba8,
          outline: selected ? RGBA8(255, 214, 10) : .white, outlineWidth: selected ? 3 : 2)
      }
      for (k, hex) in GradientEditing.palette.enumerated() {
        let r = GradientEditing.swatchRect(k, frameSize: frameSize)
        image.fillRoundedRect(
          origin: r.origin, size: r.size, radius: 5,
          colour: GradientEditing.colour(hex: hex).rgba8, outline: RGBA8(255, 255, 255, 200))
        image.drawText(
          "\(k + 1)", at: r.origin + Vector2(9, -14), capHeight: 9, colour: .white)
      }
      if let entry = hexEntry {
        let origin = Vector2(
          GradientEditing.margin + 9 * (GradientEditing.swatch + GradientEditing.gap) + 10,
          frameSize.y - GradientEditing.margin - GradientEditing.swatch)
        image.fillRoundedRect(
          origin: origin, size: Vector2(150, GradientEditing.swatch), radius: 5,
          colour: RGBA8(20, 20, 24, 220), outline: .white)
        image.drawText(
          "HEX " + entry + "_", at: origin + Vector2(8, 7), capHeight: 12, colour: .white)
      }
    }
    drawHelp(into: &image)
    let t2 = clock.now
    return Frame(
      image: image, clean: clean, contentMilliseconds: Self.milliseconds(t1 - t0),
      warpMilliseconds: 0, overlayMilliseconds: Self.milliseconds(t2 - t1))
  }
}

extension GradientColor {
  /// The colour as 8-bit straight RGBA, rounded and clamped.
  var rgba8: RGBA8 {
    func b(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
    return RGBA8(b(red), b(green), b(blue), b(alpha))
  }
}
