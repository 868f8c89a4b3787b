// swiftui-layer-bench [--runs N] [--case NAME]: the median, minimum and
// maximum time of each case, one thread, in one process.
import Foundation

var runs = 50
var only: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--runs":
    guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
      FileHandle.standardError.write(
        Data("swiftui-layer-bench: --runs takes a positive count\n".utf8))
      exit(2)
    }
    runs = value
  case "--case":
    only = arguments.popFirst()
  case "-h", "--help":
    print("usage: swiftui-layer-bench [--runs N] [--case NAME]")
    print("cases: " + (effectPlanCases() + effectFieldCases()).map(\.name).joined(separator: ", "))
    exit(0)
  default:
    FileHandle.standardError.write(Data("swiftui-layer-bench: unknown argument \(argument)\n".utf8))
    exit(2)
  }
}

let clock = ContinuousClock()
for benchCase in (effectPlanCases() + effectFieldCases())
where only == nil || benchCase.name == only {
  let body = benchCase.prepare()
  body()  // warm-up
  var times: [Double] = []
  for _ in 0..<runs {
    let elapsed = clock.measure { body() }
    times.append(
      Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
  }
  times.sort()
  let median = times[times.count / 2]
  let name = benchCase.name.padding(toLength: 22, withPad: " ", startingAt: 0)
  print(
    name
      + String(
        format: " median %9.4f ms  min %9.4f ms  max %9.4f ms  (%d runs)", median, times.first!,
        times.last!, runs))
}
