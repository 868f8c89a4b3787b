/// Undo and redo for the editor: every edit records the state before it,
/// with a label for the log; undo restores it (keeping the undone state for
/// redo), and a new edit clears the redo side.
struct EditHistory<State> {
  /// States before each edit, oldest first, with the edit's label.
  private(set) var undoStack: [(label: String, state: State)] = []
  /// States undone, most recent last.
  private(set) var redoStack: [(label: String, state: State)] = []
  /// The most edits kept (empirical: far more than a session needs; bounds
  /// memory for the gradient's and mesh's copies).
  static var limit: Int { 500 }

  /// Records `state` as the state before an edit named `label`.
  mutating func record(_ label: String, before state: State) {
    undoStack.append((label, state))
    if undoStack.count > Self.limit { undoStack.removeFirst() }
    redoStack.removeAll()
  }

  /// The state to go back to and its edit's label; `current` is kept for redo.
  mutating func undo(current: State) -> (label: String, state: State)? {
    guard let last = undoStack.popLast() else { return nil }
    redoStack.append((last.label, current))
    return last
  }

  /// The state to go forward to and its edit's label; `current` is kept for undo.
  mutating func redo(current: State) -> (label: String, state: State)? {
    guard let next = redoStack.popLast() else { return nil }
    undoStack.append((next.label, current))
    return next
  }
}
