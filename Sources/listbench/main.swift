import ListBenchCLI
import Strategies

ListBenchCommand.main(strategies: .builtIn)
