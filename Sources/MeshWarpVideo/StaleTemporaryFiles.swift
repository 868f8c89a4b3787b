import Foundation

/// Temporary files that an export killed before it could clean up (power
/// loss, `kill -9`) left beside its output: `.NAME.meshwarp-XXXXXX` (the
/// atomic writer's file, with the GIF passes' `.frames.mkv` and
/// `.palette.png` and the remux's `.untimed` after it) and
/// `.meshwarp-frames-XXXXXXXX` folders (a numbered sequence's staging).
/// A later export into the same folder removes those older than a day
/// (``maximumAge``), which no export still running can own.
package enum StaleTemporaryFiles {
  /// Seconds after its last change that a temporary file counts as stale:
  /// one day.
  package static let maximumAge: TimeInterval = 24 * 60 * 60

  /// Whether `name` is one of our temporary names.
  package static func isOurs(_ name: String) -> Bool {
    guard name.hasPrefix(".") else { return false }
    if name.hasPrefix(".meshwarp-frames-") { return name.count > ".meshwarp-frames-".count }
    guard let marker = name.range(of: ".meshwarp-", options: .backwards) else { return false }
    let suffix = name[marker.upperBound...]
    let random = suffix.prefix(6)
    return random.count == 6 && random.allSatisfy { $0.isLetter || $0.isNumber }
      && [
        "", ".frames.mkv", ".palette.png", ".untimed",
      ].contains(String(suffix.dropFirst(6)))
      && marker.lowerBound > name.index(after: name.startIndex)
  }

  /// Removes our stale temporary files and folders from the folder that
  /// holds `output` (and from `output` itself when it is a folder, where a
  /// sequence is written); returns their paths, sorted. Standard output
  /// (`"-"`) and unreadable folders give nothing.
  package static func sweep(beside output: String, now: Date = Date()) -> [String] {
    guard output != "-" else { return [] }
    var folders = [(output as NSString).deletingLastPathComponent]
    if folders[0].isEmpty { folders[0] = "." }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      folders.append(output)
    }
    var removed: [String] = []
    for folder in folders {
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
        continue
      }
      for name in names where isOurs(name) {
        let path = folder == "." ? name : (folder as NSString).appendingPathComponent(name)
        guard
          let changed = try? FileManager.default.attributesOfItem(atPath: path)[
            .modificationDate] as? Date,
          now.timeIntervalSince(changed) > maximumAge
        else { continue }
        if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
      }
    }
    return removed.sorted()
  }

  /// The note for `removed` paths; nil when none.
  package static func note(_ removed: [String]) -> String? {
    guard !removed.isEmpty else { return nil }
    return "removed temporary files an interrupted export left over a day ago: "
      + removed.joined(separator: ", ")
  }
}
