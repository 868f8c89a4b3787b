/// The output size a job draws at, from the sides it was given and the
/// input's size: the one rule behind ``ImageWarp`` and the video jobs.
package enum OutputSize {
  /// `width × height` as given; a side left out keeps the input's aspect
  /// ratio when the other is given (ffmpeg's `scale=W:-1`): H·W′/W
  /// rounded, at least 1, and with `even` (an encoder of 4:2:0 or 4:2:2
  /// blocks: H.264, HEVC, ProRes) rounded to the nearest even number, at
  /// least 2, instead of padded; both left out: the input's size.
  ///
  /// - Parameters:
  ///   - width, height: the sides given (> 0), or nil.
  ///   - input: the input's width and height in pixels (> 0).
  ///   - even: round a derived side to an even number.
  package static func resolve(
    width: Int?, height: Int?, input: (width: Int, height: Int), even: Bool = false
  ) -> (width: Int, height: Int) {
    func derived(_ side: Int, _ other: Int, _ given: Int) -> Int {
      let exact = Double(side) * Double(given) / Double(max(other, 1))
      return even ? max(2, 2 * Int((exact / 2).rounded())) : max(1, Int(exact.rounded()))
    }
    switch (width, height) {
    case (let w?, let h?): return (w, h)
    case (let w?, nil): return (w, derived(input.height, input.width, w))
    case (nil, let h?): return (derived(input.width, input.height, h), h)
    case (nil, nil): return input
    }
  }
}
