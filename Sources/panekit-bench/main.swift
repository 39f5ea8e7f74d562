// panekit-bench: PaneKit's benchmark, its own executable so the shipped panekit has no allocator interposition.

import Foundation

do {
    try Bench.run(Array(CommandLine.arguments.dropFirst()))
    exit(0)
} catch {
    FileHandle.standardError.write(Data("panekit-bench: \(error.message)\n".utf8))
    exit(error.exitCode)
}
