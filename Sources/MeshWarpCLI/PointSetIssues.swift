extension WarpPointSet {
  /// The mesh rules that apply to points without faces: no pairs, a
  /// non-finite or absurd coordinate (errors), coordinates that look like
  /// pixels (a warning).
  var issues: [MeshIssue] {
    if pairs.isEmpty {
      return [
        MeshIssue(
          severity: .error, rule: .emptyMesh, face: nil, vertices: [],
          message: "the point set has no point pairs")
      ]
    }
    let pointRules: Set<MeshIssue.Rule> = [
      .nonFiniteCoordinate, .absurdCoordinate, .looksLikePixels,
    ]
    return WarpMesh(pointPairs: pairs, faces: []).validate().filter {
      pointRules.contains($0.rule)
    }
  }
}
