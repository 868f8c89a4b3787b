/// Why a file is not the MeshWarp document a reader expects.
public enum DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `source` is no JSON document but `found` ("a PNG image"); `expected`
  /// names what was wanted, with the option that takes it when given.
  case notADocument(source: String, found: String, expected: String)
  /// `source` is a MeshWarp document of another kind than those accepted.
  case wrongKind(source: String, found: DocumentKind, expected: String)

  public var description: String {
    switch self {
    case .notADocument(let source, let found, let expected):
      "\(source) is \(found), not \(expected)"
    case .wrongKind(let source, let found, let expected):
      "\(source) is a \(found) file; \(expected)"
    }
  }

  /// "a mesh, a point set or a mesh keyframe file", for messages.
  static func list(_ kinds: Set<DocumentKind>) -> String {
    let names = DocumentKind.allCases.filter(kinds.contains).map {
      ($0 == .effect || $0 == .effectKeyframes ? "an " : "a ") + $0.description
    }
    guard names.count > 1 else { return names.first ?? "nothing" }
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }
}
