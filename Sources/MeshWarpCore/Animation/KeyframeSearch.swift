/// The index of the first of `count` keyframes whose time is later than
/// `time`, by binary search over non-decreasing times (`count` when none
/// is). Shared by ``Timeline`` and ``GradientKeyframes``.
///
/// - Complexity: O(log count).
func firstKeyframe(after time: Double, count: Int, timeAt: (Int) -> Double) -> Int {
  var low = 0
  var high = count
  while low < high {
    let mid = (low + high) / 2
    if timeAt(mid) > time { high = mid } else { low = mid + 1 }
  }
  return low
}
