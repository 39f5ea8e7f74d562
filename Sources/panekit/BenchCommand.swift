// panekit bench: runs panekit-bench, the benchmark built beside this executable (it lives apart so the tool users
// run has no allocator interposition and no unsandboxed Lua harness).

enum BenchCommand {
    static func run(_ arguments: [String]) throws(CLIError) {
        let folder = Platform.executablePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        let bench = folder + "/panekit-bench"
        let reason = Platform.replaceProcess(with: bench, arguments)
        throw .input(
            "cannot run \(bench) (\(reason)); build it beside panekit with "
                + "swift build -c release --product panekit-bench")
    }
}
