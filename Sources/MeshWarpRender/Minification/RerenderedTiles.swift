extension MinificationFilter {
  /// The pixels whose faces' colour the filter's runs rewrite, so that the
  /// plain render's faces may leave them: where a squeeze covers most of a
  /// frame (one quad shrinking the picture, the genie) their plain render
  /// was thrown away.
  ///
  /// A run rewrites every pixel of its rectangle, or, where the filter
  /// keeps the plain render's uncovered pixels (an edge policy other than
  /// transparent on a mesh that does not cover the output), every pixel a
  /// face covers: the faces' pixels either way. The edge policy's fill and
  /// the silhouette's anti-aliasing still run everywhere.
  struct RerenderedTiles: Sendable {
    /// Per row of ``tileSize`` tiles, the columns rewritten: increasing,
    /// disjoint, not touching.
    let columns: [[Range<Int>]]

    /// The rectangles of `runs`, or `nil` when there are none.
    init?(runs: [Run]) {
      guard !runs.isEmpty else { return nil }
      var columns: [[Range<Int>]] = []
      for run in runs {
        // Runs are whole tile rows (the last may be shorter), row by row,
        // left to right.
        let row = run.y / tileSize
        while columns.count <= row { columns.append([]) }
        let range = run.x..<(run.x + run.width)
        if let last = columns[row].last, last.upperBound == range.lowerBound {
          columns[row][columns[row].count - 1] = last.lowerBound..<range.upperBound
        } else {
          columns[row].append(range)
        }
      }
      self.columns = columns
    }

    /// Whether rows `rows` include a rewritten pixel.
    func touches(_ rows: Range<Int>) -> Bool {
      guard !rows.isEmpty else { return false }
      let last = min((rows.upperBound - 1) / tileSize, columns.count - 1)
      guard rows.lowerBound / tileSize <= last else { return false }
      return (rows.lowerBound / tileSize...last).contains { !columns[$0].isEmpty }
    }

    /// The columns of `0..<width` that tile row `row` does not rewrite.
    func kept(tileRow row: Int, width: Int) -> [Range<Int>] {
      guard row < columns.count else { return [0..<width] }
      var kept: [Range<Int>] = []
      var x = 0
      for range in columns[row] {
        if range.lowerBound > x { kept.append(x..<min(range.lowerBound, width)) }
        x = max(x, range.upperBound)
      }
      if x < width { kept.append(x..<width) }
      return kept
    }
  }
}
