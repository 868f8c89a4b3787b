/// Cells to patches: the control nets of every cell, per SwiftUI
/// `MeshGradient`'s rules (Documentation/MeshGradient.md).
///
/// Geometry of cell (c, r), with V the vertices and their (automatic or
/// explicit) handles:
///
/// ```
/// row 0:     V(c,r)      trailing(c,r)    leading(c+1,r)    V(c+1,r)
/// column 0:  V(c,r)      bottom(c,r)      top(c,r+1)        V(c,r+1)
/// column 3:  V(c+1,r)    bottom(c+1,r)    top(c+1,r+1)      V(c+1,r+1)
/// row 3:     V(c,r+1)    trailing(c,r+1)  leading(c+1,r+1)  V(c+1,r+1)
/// interior:  Coons (``BicubicNet/setCoonsInteriorPoints()``)
/// ```
///
/// Colours, in the working space (premultiplied, device or Oklab): with
/// `smoothsColors`, edge controls `C ± m/3` from the `ColorTangents` of
/// each row and column and Coons interior points; without, the bilinear
/// interpolation of the four corners written as a bicubic net (exact degree
/// elevation: P[a][b] = bilinear(u = b/3, v = a/3)).
extension GradientMesh {
  /// The patches in drawing order (row-major; later ones draw over earlier).
  ///
  /// - Precondition: the mesh is valid (``validate()``).
  /// - Complexity: O(width · height).
  package func patches() -> [GradientPatch] {
    precondition(
      validationErrors.isEmpty,
      "invalid gradient mesh: \(validationErrors.map(\.description).joined(separator: "; "))")
    let vertices = resolvedBezierPoints
    let working = colors.map { Self.workingColor($0, colorSpace: colorSpace) }
    var alongRow = [SIMD4<Double>](repeating: .zero, count: working.count)
    var alongColumn = alongRow
    if smoothsColors {
      for row in 0..<height {
        for column in 0..<width {
          let i = index(column: column, row: row)
          alongRow[i] = ColorTangents.tangent(
            previous: column > 0 ? working[i - 1] : nil, current: working[i],
            next: column + 1 < width ? working[i + 1] : nil)
          alongColumn[i] = ColorTangents.tangent(
            previous: row > 0 ? working[i - width] : nil, current: working[i],
            next: row + 1 < height ? working[i + width] : nil)
        }
      }
    }

    var result: [GradientPatch] = []
    result.reserveCapacity(patchCount)
    for row in 0..<(height - 1) {
      for column in 0..<(width - 1) {
        let i00 = index(column: column, row: row)
        let i01 = i00 + 1
        let i10 = i00 + width
        let i11 = i10 + 1

        let ids = [[i00, i01], [i10, i11]]
        let geometry = BicubicNet<Vector2>.coonsPatch(
          corner: { vertices[ids[$0][$1]].position },
          alongRow: { r, c in
            let p = vertices[ids[r][c]]
            return c == 0 ? p.trailingControlPoint : p.leadingControlPoint
          },
          alongColumn: { r, c in
            let p = vertices[ids[r][c]]
            return r == 0 ? p.bottomControlPoint : p.topControlPoint
          })

        var net = BicubicNet<SIMD4<Double>>()
        let (c00, c01, c10, c11) = (working[i00], working[i01], working[i10], working[i11])
        if smoothsColors {
          // Edge controls C ± m/3: + beside a left or top corner, − beside a
          // right or bottom one.
          net = .coonsPatch(
            corner: { working[ids[$0][$1]] },
            alongRow: { r, c in
              let i = ids[r][c]
              return c == 0 ? working[i] + alongRow[i] / 3 : working[i] - alongRow[i] / 3
            },
            alongColumn: { r, c in
              let i = ids[r][c]
              return r == 0 ? working[i] + alongColumn[i] / 3 : working[i] - alongColumn[i] / 3
            })
        } else {
          for a in 0..<4 {
            let v = Double(a) / 3
            let left = c00 + (c10 - c00) * v
            let right = c01 + (c11 - c01) * v
            for b in 0..<4 { net[a, b] = left + (right - left) * (Double(b) / 3) }
          }
        }
        result.append(GradientPatch(column: column, row: row, geometry: geometry, colors: net))
      }
    }
    return result
  }

  /// A vertex colour in the working space of `colorSpace`, premultiplied;
  /// alpha is clamped to 0…1 first.
  ///
  /// `.device`: (r·α, g·α, b·α, α) of the encoded values. `.perceptual`:
  /// (L·α, a·α, b·α, α) of the colour's Oklab coordinates.
  public static func workingColor(_ color: GradientColor, colorSpace: GradientColorSpace)
    -> SIMD4<Double>
  {
    let alpha = min(max(color.alpha, 0), 1)
    let rgb = SIMD3(color.red, color.green, color.blue)
    let base =
      switch colorSpace {
      case .device: rgb
      case .perceptual: Oklab.fromEncodedSRGB(rgb)
      }
    return SIMD4(base * alpha, alpha)
  }

  /// The straight-alpha, sRGB-encoded colour of a premultiplied working-space
  /// value (not clamped, except that alpha ≤ 0 gives transparent black).
  public static func outputColor(workingSpace value: SIMD4<Double>, colorSpace: GradientColorSpace)
    -> GradientColor
  {
    let alpha = value.w
    guard alpha > 0 else { return .clear }
    let straight = SIMD3(value.x, value.y, value.z) / alpha
    let rgb =
      switch colorSpace {
      case .device: straight
      case .perceptual: Oklab.toEncodedSRGB(straight)
      }
    return GradientColor(red: rgb.x, green: rgb.y, blue: rgb.z, alpha: alpha)
  }

  /// The colour of a patch at (u, v) by the Bernstein sum: straight alpha,
  /// sRGB-encoded, not clamped. A slow, exact reference for renderers.
  package func color(of patch: GradientPatch, u: Double, v: Double) -> GradientColor {
    Self.outputColor(workingSpace: patch.colors.value(u: u, v: v), colorSpace: colorSpace)
  }
}
