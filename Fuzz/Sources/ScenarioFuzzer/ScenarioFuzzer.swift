import ScenarioFuzzSupport

/// libFuzzer's entry point: arbitrary bytes through scenario decoding and
/// validation and, when they make a valid scenario, generation on every
/// shipped device and the sweep parameters' setters. Any trap (a crash, an
/// overflow, an out-of-range index) is a bug; the bytes that found it
/// become a regression test in Tests/ScenariosTests/FuzzRegressionTests.swift.
///
/// Running scenarios is left out on purpose: a valid file may ask for hours
/// of virtual time, which the runner bounds (tested separately), and would
/// make each input slow.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    ScenarioFuzzing.exercise(bytes)
    return 0
}
