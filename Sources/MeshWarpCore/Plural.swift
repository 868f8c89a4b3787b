/// A count and its noun for messages: `1 face`, `2 faces`, `1 index`,
/// `3 indices` (give `plural` when adding "s" is wrong).
package func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
  "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
