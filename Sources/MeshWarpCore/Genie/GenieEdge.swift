/// The side of the view toward which the genie effect pulls the content:
/// where the target (a dock icon, say) lies.
///
/// The content travels in that direction and enters the target through the
/// target's opposite, near edge: with `.bottom` (macOS's dock at the bottom
/// of the screen) the content flows down and enters through the target's top
/// edge.
///
/// BCGenieEffect names the other end: its `BCRectEdgeBottom` is the target
/// edge the content enters, so content travels *up*. Our `.bottom` is its
/// `BCRectEdgeTop`.
public enum GenieEdge: String, Hashable, Sendable, Codable, CaseIterable {
  /// The target lies below the view; content travels down (+y).
  case bottom
  /// The target lies above the view; content travels up (−y).
  case top
  /// The target lies left of the view; content travels left (−x).
  case left
  /// The target lies right of the view; content travels right (+x).
  case right

  /// The axis the content travels along: 0 for x, 1 for y.
  var travelAxis: Int {
    switch self {
    case .bottom, .top: 1
    case .left, .right: 0
    }
  }

  /// +1 when the content travels toward larger coordinates, −1 otherwise.
  var travelSign: Double {
    switch self {
    case .bottom, .right: 1
    case .top, .left: -1
    }
  }
}
