import ListBenchCLI
import Strategies

// The listbench command line with five misbehaving strategies added, for
// the tests of isolated runs. Never shipped: the `listbench` product has only
// the built-in catalog.
var catalog = StrategyCatalog.builtIn
do {
    for descriptor in [TrappingStrategy.descriptor, HangingStrategy.descriptor, HoardingStrategy.descriptor, SpinningStrategy.descriptor,
                       GarblingStrategy.descriptor] {
        try catalog.register(descriptor)
    }
} catch {
    fatalError("misbehaving strategies: \(error)")
}
ListBenchCommand.main(strategies: catalog)
