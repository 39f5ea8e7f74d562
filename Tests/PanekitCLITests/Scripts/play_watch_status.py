# Drives `panekit play PLUGIN --watch` in a pseudo-terminal: a rejected save must show FILE:LINE: message on the
# status line and keep it there, a syntax error likewise, and a good save must clear it and name the file.
# usage: play_watch_status.py PANEKIT FOLDER   (FOLDER holds Plugins/wobble.lua); exits non-zero with the reason.
import os, re, sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pty_player import Player

player = Player(sys.argv[1], sys.argv[2], ["Plugins/wobble.lua", "--watch", "--loop", "--color", "never", "--grid", "60x10"],
                rows=12, columns=250, seconds=90)
good = player.good
player.wait_for_status(lambda s: "frame" in s, "the first frame")
# A typo in a key: the quick check rejects it.
player.save(good.replace("alpha = ctx.params.fade", "alpah = ctx.params.fade"))
s = player.wait_for_status(lambda s: re.search(r"Plugins/wobble\.lua:\d+: drawer\.alpah", s), "the rejected key")
print("rejected:", s)
player.pump(1.5)
if "drawer.alpah" not in player.status():
    player.fail("the message went away before a good save: %r" % player.status())
# A syntax error replaces it.
player.save(good.replace("style = function(ctx)", "style = function(ctx"))
s = player.wait_for_status(lambda s: re.search(r"Plugins/wobble\.lua:\d+: .*expected", s), "the syntax error")
print("syntax:", s)
# The fix clears it and names the file.
player.save(good.replace("0.5 * a", "0.4 * a"))
s = player.wait_for_status(lambda s: "reloaded Plugins/wobble.lua" in s and "wobble.lua:" not in s, "the good reload")
print("fixed:", s)
player.stop()
