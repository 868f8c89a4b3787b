import Foundation
import Testing
import _TestSupport

@testable import MeshWarpFuzzing

/// Seeded mutants of the corpus through the fuzz entries, in a child
/// process: a few hundred inputs near the seeds on every `swift test`, the
/// same ones each time (the seed is fixed and printed; change it to explore
/// elsewhere). `Scripts/fuzz.sh` is the real fuzzer; this keeps CI honest
/// between its runs.
@Suite struct MutatedCorpusTests {
  static let mutantsPerKind = 150

  @Test(
    .enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason)),
    arguments: FuzzCorpus.Kind.allCases)
  func mutantsOfTheCorpus(kind: FuzzCorpus.Kind) async throws {
    try #require(!FuzzCorpus.files(kind).isEmpty, "Fuzz/Corpus/\(kind.rawValue) has no inputs")
    let seed = 0x00C0_FFEE &+ UInt64(kind.rawValue.utf8.count)
    print("mutantsOfTheCorpus(\(kind.rawValue)) seed \(seed)")
    let child = ChildProcess()
    let log = child.log
    let result = await #expect(processExitsWith: .success) {
      [log = log as String, kind] in
      let files = FuzzCorpus.files(kind)
      precondition(!files.isEmpty, "no inputs in Fuzz/Corpus/\(kind.rawValue)")
      var mutator = SeededMutator(seed: 0x00C0_FFEE &+ UInt64(kind.rawValue.utf8.count))
      for n in 0..<MutatedCorpusTests.mutantsPerKind {
        let file = files[n % files.count]
        let mutant = mutator.mutate(file.bytes)
        let shown =
          kind.isBinary
          ? "base64 " + Data(mutant).base64EncodedString()
          : String(reflecting: String(decoding: mutant, as: UTF8.self))
        ChildProcess.announce("mutant \(n) of \(kind.rawValue)/\(file.name): \(shown)", log: log)
        kind.fuzz(mutant)
      }
    }
    child.report(result)
  }
}
