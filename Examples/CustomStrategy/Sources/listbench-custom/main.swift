import ListBenchCLI

// Every listbench command (run, compare, sweep, list, validate, …) with
// `throttled-reload` beside the built-in strategies.
ListBenchCommand.main(adding: [ThrottledReloadStrategy.descriptor])
