// Ctrl-Z and fg during `panekit play`, as a person would do them: an interactive bash on a pseudo-terminal
// (Python's pty module) runs the player, gets Ctrl-Z typed, then `fg`, then Ctrl-C.

import Foundation
import PaneKitTestSupport
import Testing

/// The script: prints `ok` and exits 0, or prints what went wrong with the end of the terminal's output and exits 1.
/// It stops itself after 60 s (SIGALRM) so a regression fails instead of hanging.
private let suspendScript = #"""
    import os, pty, select, signal, sys, time
    panekit, root = sys.argv[1], sys.argv[2]
    signal.alarm(60)
    RESTORE = b"\x1b[?2026l\x1b[0m\x1b[?25h\x1b[?1049l"
    ENTER = b"\x1b[?1049h\x1b[?25l"
    FRAME = b"\x1b[?2026h\x1b[H"
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(root)
        env = dict(os.environ, PS1="$ ", TERM="xterm-256color", HISTFILE="/dev/null")
        os.execvpe("bash", ["bash", "--norc", "--noprofile", "-i"], env)
    out = b""
    def fail(why):
        sys.stdout.write("%s\nterminal output (end): %r\n" % (why, out[-1500:]))
        os.kill(pid, signal.SIGKILL)
        sys.exit(1)
    def expect(pattern, start, seconds=20):
        global out
        deadline = time.time() + seconds
        while True:
            at = out.find(pattern, start)
            if at >= 0:
                return at
            left = deadline - time.time()
            if left <= 0:
                fail("no %r after byte %d" % (pattern, start))
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    fail("the terminal closed while waiting for %r" % pattern)
                out += chunk
    expect(b"$ ", 0)
    os.write(fd, b"'%s' play Examples/drawer-slide.json --loop --fps 20 --grid 40x12\n" % panekit.encode())
    entered = expect(ENTER, 0)
    playing = expect(FRAME, entered)
    time.sleep(0.3)
    typed = len(out)
    os.write(fd, b"\x1a")  # Ctrl-Z: the line discipline sends SIGTSTP to the player's process group
    stopped = expect(b"Stopped", typed)
    restored = out.find(RESTORE, playing, stopped)
    if restored < 0:
        fail("the terminal was not restored before the job stopped")
    if out.find(FRAME, restored, stopped) >= 0:
        fail("a frame was drawn after the terminal was restored")
    if out[stopped:stopped + 17] == b"Stopped (signal)":
        fail("stopped by SIGSTOP, not by SIGTSTP with its default action")
    os.write(fd, b"fg\n")
    again = expect(ENTER, stopped)
    expect(FRAME, again)
    time.sleep(0.3)
    typed = len(out)
    os.write(fd, b"\x03")  # Ctrl-C
    expect(RESTORE, typed)
    os.write(fd, b"echo \"status=$?\"\n")
    expect(b"status=130", typed)
    os.write(fd, b"exit\n")
    os.waitpid(pid, 0)
    print("ok")
    """#

/// A player whose plugin call outlasts the watchdog (1 s here): prints `ok` when the terminal was given back before
/// the message and the exit status 1, or what went wrong.
private let watchdogScript = #"""
    import os, pty, select, sys, time
    panekit, folder = sys.argv[1], sys.argv[2]
    RESTORE = b"\x1b[?2026l\x1b[0m\x1b[?25h\x1b[?1049l"
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(folder)
        os.environ["PANEKIT_PLUGIN_SECONDS"] = "1"
        os.execv(panekit, [panekit, "play", "s.json", "--grid", "40x12"])
    out = b""
    end = time.time() + 60
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    _, status = os.waitpid(pid, 0)
    said = out.find(b"a plugin call ran for more than 1 seconds")
    restored = out.rfind(RESTORE, 0, said if said >= 0 else len(out))
    if os.waitstatus_to_exitcode(status) != 1 or said < 0 or restored < 0 or out.find(b"\x1b[?2026h", restored) >= 0:
        print("status %d, output end %r" % (os.waitstatus_to_exitcode(status), out[-400:]))
    else:
        print("ok")
    """#

/// A plugin whose style call, after 0.2 s of play, runs for seconds inside the instruction budget.
private let slowStyle = """
    return { style = function(ctx)
      if ctx.time > 0.2 then
        local a, b = ("a"):rep(1.5e6), ("a"):rep(1.5e6)
        for i = 1, 1e6 do local _ = a == b end
      end
      return {}
    end }
    """

@Suite struct TerminalSuspendTests {
    /// python3 and bash, which the script needs (Scripts/ensure-deps.sh --tests installs python3).
    static let tools =
        ["/usr/bin/env"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
        && (try? runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import pty"], timeout: 30).status) == 0
        && (try? runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["bash", "-c", "true"], timeout: 30).status) == 0

    @Test(.enabled(if: tools, "needs python3 and bash"))
    func controlZRestoresTheTerminalAndFgRedraws() throws {
        let result = try runProgram(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", suspendScript, panekitBinary.path, packageRoot.path],
            timeout: 90)
        #expect(!result.timedOut)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "ok\n", "\(result.stdout)\(result.stderr)")
    }

    @Test(.enabled(if: tools, "needs python3"))
    func theWatchdogGivesTheTerminalBackBeforeItStopsAPlay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-watchdog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Plugins"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(slowStyle.utf8).write(to: folder.appendingPathComponent("Plugins/slow.lua"))
        let scenario = """
            {"name": "watchdog", "size": [375, 667], "fps": 30, "duration": 3,
             "container": {"type": "drawer", "left": {"width": 280}}, "stylers": {"left": ["slow"]},
             "timeline": [{"at": 0, "action": "open", "direction": "left"}]}
            """
        try Data(scenario.utf8).write(to: folder.appendingPathComponent("s.json"))
        let result = try runProgram(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", watchdogScript, panekitBinary.path, folder.path],
            timeout: 90)
        #expect(!result.timedOut)
        #expect(result.stdout == "ok\n", "\(result.stdout)\(result.stderr)")
    }
}
