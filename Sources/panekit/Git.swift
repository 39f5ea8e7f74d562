// git for panekit add, install and update: never a prompt, always a time limit.

import Foundation
import PaneKitLua

/// Runs git without a terminal (no password or host-key prompt: GIT_TERMINAL_PROMPT=0, ssh in batch mode) and
/// ends any run that passes `seconds` (PANEKIT_GIT_SECONDS overrides the default of 120).
enum Git {
    /// The longest one git command may run.
    static var seconds: Double {
        Platform.environment("PANEKIT_GIT_SECONDS").flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } ?? 120
    }

    /// What git runs with: no prompt for a password, a passphrase or a host key.
    static var environment: [String: String] {
        var values = [
            "GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "true", "SSH_ASKPASS": "true", "GCM_INTERACTIVE": "never", "LC_ALL": "C",
            // Only git's network and file transports, whatever the configuration says: no remote helper such as
            // ext:: (which runs a command) and no other protocol a source could name.
            "GIT_ALLOW_PROTOCOL": "file:git:http:https:ssh",
        ]
        if Platform.environment("GIT_SSH_COMMAND") == nil {
            values["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes -o ConnectTimeout=20"
        }
        return values
    }

    /// The path of git.
    /// - Throws: `CLIError` saying how to install git when it is not on the PATH.
    static func executable(for command: String) throws(CLIError) -> String {
        guard let git = Platform.findExecutable("git") else {
            throw .input(
                "\(command): git is not installed; install it (Scripts/ensure-deps.sh, sudo apt-get install git, or brew install git)")
        }
        return git
    }

    /// Runs `git ARGUMENTS` in `directory`.
    /// - Returns: its standard output.
    /// - Throws: `CLIError` with git's message (its last lines) when it fails or passes its time limit.
    @discardableResult
    static func run(_ arguments: [String], in directory: String? = nil, command: String) throws(CLIError) -> String {
        let git = try executable(for: command)
        let located = directory.map { ["-C", $0] + arguments } ?? arguments
        guard let result = ToolRun.run(git, located, environment: environment, seconds: seconds) else {
            throw .input("\(command): cannot run \(git)")
        }
        if result.timedOut {
            throw .input("\(command): git \(arguments.first ?? "") ran for more than \(Int(seconds)) seconds and was stopped")
        }
        guard result.status == 0 else {
            let lines = PluginText.excerpt(result.stderr.split(separator: "\n").suffix(3).joined(separator: "; "))
            throw .input("\(command): git \(arguments.first ?? "") failed: \(lines.isEmpty ? "exit status \(result.status)" : lines)")
        }
        return result.stdout
    }

    /// Clones `source` (a URL or a local path) into the new folder `destination` without checking out a commit.
    static func clone(_ source: String, into destination: String, command: String) throws(CLIError) {
        try run(["clone", "--quiet", "--no-checkout", "--", source, destination], command: command)
    }

    /// The commit `ref` names in the clone `repository`: a tag, a branch of the source, or a commit.
    /// - Returns: nil when it names none.
    static func commit(of ref: String, in repository: String, command: String) throws(CLIError) -> String? {
        guard !ref.hasPrefix("-") else { return nil }
        for candidate in ["refs/tags/\(ref)", "refs/remotes/origin/\(ref)", ref] {
            if let found = try? run(["rev-parse", "--verify", "--quiet", "\(candidate)^{commit}"], in: repository, command: command) {
                let commit = found.trimmingCharacters(in: .whitespacesAndNewlines)
                if !commit.isEmpty { return commit }
            }
        }
        return nil
    }

    /// The clone's tags, newest version first (git's version order: v1.10.0 after v1.9.0), without those that
    /// read as options (`--upload-pack=…`, which `git tag` refuses to make but a repository can hold).
    static func tags(in repository: String, command: String) throws(CLIError) -> [String] {
        try run(["tag", "--list", "--sort=-version:refname"], in: repository, command: command)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("-") }
    }

    /// Whether git's message says it will not use a source at all (a transport or protocol it does not allow),
    /// as opposed to one it cannot reach.
    static func isRefusal(_ message: String) -> Bool {
        ["not allowed", "remote helper", "unsupported protocol", "protocol '"].contains { message.contains($0) }
    }

    /// The branch the source's HEAD is on, or nil.
    static func defaultBranch(in repository: String, command: String) -> String? {
        guard let head = try? run(["symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD"], in: repository, command: command)
        else { return nil }
        let name = head.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.hasPrefix("origin/") ? String(name.dropFirst(7)) : (name.isEmpty ? nil : name)
    }

    /// Checks out `commit` in the clone `repository` (detached).
    static func checkout(_ commit: String, in repository: String, command: String) throws(CLIError) {
        try run(["-c", "advice.detachedHead=false", "checkout", "--quiet", "--detach", commit], in: repository, command: command)
    }
}
