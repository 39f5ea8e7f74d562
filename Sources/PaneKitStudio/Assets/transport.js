  /** Shows frame k (or the closed-fraction pose) on every stage and every readout. */
  function show() {
    const k = view.frame;
    const first = frameOf(data.runs[0], k);
    const clock = frameOf(clockRun(), k);
    for (const st of view.stages) {
      const f = frameOf(st.run, k);
      if (view.closed !== null) {
        const pose = poseOf(st.run, view.closed);
        drawNodes(st, pose ? pose.nodes : f.nodes);
      } else {
        drawNodes(st, f.nodes, f.cells);
      }
      // Every stage says which of its frames it shows (#stage is the first).
      const box = st.box;
      box.dataset.frame = String(f.frame);
      box.dataset.time = String(f.time);
      box.dataset.state = f.state;
      if (f.detent !== undefined) box.dataset.detent = f.detent; else delete box.dataset.detent;
      if (view.closed !== null) box.dataset.closed = String(view.closed); else delete box.dataset.closed;
      if (st.run.behavior) st.detent.textContent = view.closed !== null ? "" : stateLabel(f);
    }
    $("scrub").value = String(k);
    $("time").textContent = clock.time.toFixed(3) + " s";
    $("frame-index").textContent = clock.frame + " / " + lastFrame();
    $("state").textContent = view.closed !== null ? "posed at closed " + view.closed : stateLabel(first);
    $("fractions").textContent = view.closed !== null ? "closed " + view.closed :
      Object.entries(first.fractions).map(([d, c]) => d + " " + c.toFixed(3)).join(", ");
    $("events").textContent = first.events.map((e) => e.type).join(", ");
    inspect();
    drawCursors(first);
  }

  /**
   * A frame's state as a designer says it: where a sheet rests or is going ("resting at half", "settling to full",
   * "following the finger", "hidden"), what a drawer does ("open", "opening", "closed"). data-state keeps the
   * engine's word.
   */
  function stateLabel(f) {
    const at = f.detent;
    const words = {
      closed: at !== undefined ? "hidden" : "closed", open: at !== undefined ? "resting at " + at : "open",
      opening: at !== undefined ? "settling to " + at : "opening", closing: at !== undefined ? "going away" : "closing",
      dragging: "following the finger", bouncing: "bouncing", resizing: "resizing", moving: at !== undefined ? "settling to " + at : "moving",
      popover: "shown as a popover", openWide: "open wide",
    };
    return words[f.state] || f.state;
  }

  function setHash() {
    const hash = view.closed !== null ? "#closed=" + view.closed : "#frame=" + view.frame;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  function go(k, keepPlaying) {
    view.frame = Math.max(0, Math.min(lastFrame(), k));
    view.clock = clockRun().frames[view.frame].time;
    if (!keepPlaying) pause();
    show();
    if (!view.playing) setHash();
  }

  function frameAtTime(t) {
    const frames = clockRun().frames;
    let k = 0;
    while (k + 1 < frames.length && frames[k + 1].time <= t + 1e-9) k++;
    return k;
  }

  function readHash() {
    const m = /^#(frame|t|closed)=(-?[0-9.eE+-]+)$/.exec(location.hash);
    if (!m) return;
    const v = Number(m[2]);
    if (!isFinite(v)) return;
    if (m[1] === "closed") { enterClosed(Math.max(-0.3, Math.min(1.1, v))); return; }
    leaveClosed();
    go(m[1] === "frame" ? Math.round(v) : frameAtTime(v));
  }

  function enterClosed(c) {
    view.closed = Math.round(c * 100) / 100;
    $("closed-mode").checked = true;
    $("closed").value = String(view.closed);
    $("closed-value").textContent = String(view.closed);
    pause();
    show();
    setHash();
  }

  function leaveClosed() {
    if (view.closed === null) return;
    view.closed = null;
    $("closed-mode").checked = false;
  }

  // Transport.
  function play() {
    if (view.playing) return;
    leaveClosed();
    if (view.frame >= lastFrame()) { view.frame = 0; view.clock = 0; }
    view.playing = true;
    view.last = null;
    stats.frameTimes = [];
    $("play").textContent = "\u275A\u275A";
    $("play").setAttribute("aria-label", "Pause");
    requestAnimationFrame(tick);
  }

  function pause() {
    if (!view.playing) return;
    view.playing = false;
    $("play").textContent = "\u25B6";
    $("play").setAttribute("aria-label", "Play");
    setHash();
  }

  function tick(now) {
    if (!view.playing) return;
    if (view.last !== null) {
      const dt = (now - view.last) / 1000;
      stats.frameTimes.push(now - view.last);
      view.clock += dt * Number($("speed").value);
      const frames = clockRun().frames;
      if (view.clock > frames[frames.length - 1].time) {
        if ($("loop").checked) view.clock = 0; else { go(lastFrame()); return; }
      }
      view.frame = frameAtTime(view.clock);
      show();
    }
    view.last = now;
    requestAnimationFrame(tick);
  }

  function wireTransport() {
    $("play").addEventListener("click", () => (view.playing ? pause() : play()));
    $("step-back").addEventListener("click", () => { leaveClosed(); go(view.frame - 1); });
    $("step-forward").addEventListener("click", () => { leaveClosed(); go(view.frame + 1); });
    $("scrub").addEventListener("input", () => { leaveClosed(); go(Number($("scrub").value)); });
    $("speed").addEventListener("input", () => { $("speed-value").textContent = $("speed").value + "×"; });
    $("closed").addEventListener("input", () => enterClosed(Number($("closed").value)));
    $("closed-mode").addEventListener("change", () => {
      if ($("closed-mode").checked) enterClosed(Number($("closed").value)); else { view.closed = null; go(view.frame); }
    });
    $("interact").addEventListener("click", () => setInteract(!view.interact));
    document.addEventListener("keydown", (e) => {
      const t = e.target;
      if (t && (t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && t.type === "text"))) return;
      if ((e.key === "i" || e.key === "I") && !e.ctrlKey && !e.metaKey && !e.altKey) { setInteract(!view.interact); return; }
      if (e.key === "Escape" && view.interact) { setInteract(false); return; }
      if (e.key === " " && !(t && t.tagName === "BUTTON")) { e.preventDefault(); view.playing ? pause() : play(); }
      if (t && t.tagName === "INPUT" && t.type === "range") return;
      if (e.key === "ArrowLeft") { e.preventDefault(); leaveClosed(); go(view.frame - 1); }
      if (e.key === "ArrowRight") { e.preventDefault(); leaveClosed(); go(view.frame + 1); }
    });
    window.addEventListener("hashchange", readHash);
    window.addEventListener("resize", fit);
  }

  function setupScrubber() {
    const scrub = $("scrub");
    scrub.max = String(lastFrame());
    const marks = $("marks");
    marks.textContent = "";
    const frames = clockRun().frames;
    frames.forEach((f, k) => {
      if (!f.events.length) return;
      const m = document.createElement("div");
      m.className = "mark";
      m.style.left = (frames.length > 1 ? (k / (frames.length - 1)) * 100 : 0) + "%";
      m.title = "frame " + k + ": " + f.events.map((e) => e.type).join(", ");
      marks.append(m);
    });
  }

  // Stage modes: a click inspects; drags and taps reach the gesture model only in interact mode or with Shift.
  function setInteract(on) {
    view.interact = live && on;
    $("interact").setAttribute("aria-pressed", String(view.interact));
    $("stages").classList.toggle("interact", view.interact);
    $("stage-hint").textContent = !live ?
      "Click a node to inspect it. Drags and taps need the live studio (panekit studio)." : view.interact ?
      (data.runs.some((r) => r.behavior) ?
        "Interact: a drag or a tap on any stage is replayed on every behavior's gesture model. Press I or Esc to inspect." :
        "Interact: a drag or a tap on the main stage goes to the container's gesture model. Press I or Esc to inspect.") :
      "Click a node to inspect it. To drag or tap the container, turn on Interact (I) or hold Shift.";
  }

  function setupInteract() {
    const button = $("interact");
    button.disabled = !live;
    if (!live) button.title = "Interact needs the live studio (panekit studio): a static export has no engine to run drags and taps.";
    setInteract(view.interact);
  }
