import Foundation
import Testing
import _TestSupport

/// Bytes of a file in `Fixtures/`.
func fixtureBytes(_ name: String) throws -> [UInt8] {
  let url = try #require(
    Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil),
    "fixture \(name) missing")
  return [UInt8](try Data(contentsOf: url))
}

/// The path of a file in `Fixtures/`.
func fixturePath(_ name: String) throws -> String {
  try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)).path
}
