import ListBenchCLI

// The listbench command line with five misbehaving strategies added, for
// the tests of isolated runs. Never shipped: the `listbench` product has only
// the built-in catalog.
ListBenchCommand.main(adding: [TrappingStrategy.descriptor, HangingStrategy.descriptor, HoardingStrategy.descriptor,
                               SpinningStrategy.descriptor, GarblingStrategy.descriptor])
