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

@Suite struct TerminalSuspendTests {
    /// python3 and bash, which the script needs (Scripts/ensure-deps.sh --tests installs python3).
    static let tools = ["/usr/bin/env"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
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
}
