import BreakdownCLI
import Foundation

exit(BreakdownCLI.main(Array(CommandLine.arguments.dropFirst())))
