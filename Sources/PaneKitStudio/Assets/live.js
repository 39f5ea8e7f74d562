  // Live mode: parameters, drags and pushed updates.
  const pending = { params: {}, busy: false };
  function sendParam(key, value) {
    pending.params[key] = value;
    if (!pending.busy) flushParams();
  }

  function flushParams() {
    const body = JSON.stringify(pending.params);
    pending.params = {};
    pending.busy = true;
    const started = performance.now();
    fetch("/params", { method: "POST", headers: { "Content-Type": "application/json" }, body })
      .then((r) => r.json())
      .then((next) => {
        receive(next, false);
        stats.lastParamMs = performance.now() - started;
      })
      .catch((e) => showError(String(e)))
      .finally(() => {
        pending.busy = false;
        if (Object.keys(pending.params).length) flushParams();
      });
  }

  /** Takes a new session from the server, keeping the scrub position; an error keeps the last frames. */
  function receive(next, rebuildKnobs) {
    if (next.error) showError(next.error); else showError(null);
    if (!next.runs || !next.runs.length) return;
    // Same stages (names and sizes): keep their elements and only swap the runs they draw.
    const same = next.runs.length === data.runs.length && next.runs.every((r, i) =>
      r.name === data.runs[i].name && r.size[0] === data.runs[i].size[0] && r.size[1] === data.runs[i].size[1]);
    data = next;
    if (same) view.stages.forEach((st, i) => { st.run = data.runs[i]; }); else buildStages();
    setupScrubber();
    buildCurves();
    if (rebuildKnobs) buildKnobs(); else setCommand(data.command);
    if (live) showRecorded(data.recorded);
    view.frame = Math.min(view.frame, lastFrame());
    show();
    stats.updates += 1;
    stats.lastUpdateAt = Date.now();
  }

  /** The gestures played into the run, as timeline entries to paste, with the button that resets the run. */
  function showRecorded(actions) {
    const any = !!(actions && actions.length);
    $("drag-panel").hidden = !any;
    $("recorded").value = any ? JSON.stringify(actions, null, 1) : "";
  }

  /** Back to the scenario as its file says: every recorded gesture forgotten. */
  function resetGestures() {
    fetch("/reset", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })
      .then((r) => r.json())
      .then((next) => { receive(next, false); go(0); })
      .catch((e) => showError(String(e)));
  }

  function showError(text) {
    const el = $("error");
    el.hidden = !text;
    el.textContent = text || "";
  }

  function connect() {
    const source = new EventSource("/events");
    source.addEventListener("session", (e) => receive(JSON.parse(e.data), true));
    source.addEventListener("problem", (e) => showError(JSON.parse(e.data).error));
  }

  function attachDrag(st) {
    // `sent` numbers each request and `shown` is the newest whose answer is on the page: an answer older than the
    // one shown (a preview of the drag that arrives after the release's run) is dropped.
    let track = null, startTime = 0, frame = 0, busy = false, dirty = false, sent = 0, shown = 0;
    const point = (e) => {
      const r = st.box.getBoundingClientRect();
      return [(e.clientX - r.left) / st.scale, (e.clientY - r.top) / st.scale];
    };
    const send = (ended) => {
      if (busy && !ended) { dirty = true; return; }
      busy = true;
      dirty = false;
      const id = ++sent;
      const moved = track.some((s) => Math.hypot(s[1] - track[0][1], s[2] - track[0][2]) > 4);
      const body = ended && !moved ? { frame, tap: [track[0][1], track[0][2]] } :
        { frame, track: track.map((s) => s.map((v) => Math.round(v * 1000) / 1000)), ended };
      fetch("/drag", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
        .then((r) => r.json())
        .then((result) => {
          if (id < shown) return;
          shown = id;
          if (result.error) { showError(result.error); return; }
          data.runs[0].frames = result.frames;
          // A comparison of behaviors: the same gesture, run by every behavior's engine.
          (result.compared || []).forEach((c, i) => { if (data.runs[i + 1]) data.runs[i + 1].frames = c.frames; });
          setupScrubber();
          if (ended) {
            // The page now holds the run with this gesture played in: the next one starts from what it shows.
            showRecorded(result.actions);
            // The settle goes on from where the finger let go; loop replays the whole run only after its end.
            go(result.release !== undefined ? result.release : result.start);
            play();
          } else {
            go(lastFrame(), false);
          }
        })
        .catch((e) => showError(String(e)))
        .finally(() => { busy = false; if (dirty && track && !ended) send(false); });
    };
    // Only in interact mode, or with Shift held, does a press start a gesture; otherwise the click inspects.
    st.box.addEventListener("pointerdown", (e) => {
      st.gestured = false;
      if (view.closed !== null || !(view.interact || e.shiftKey) || e.button !== 0) return;
      e.preventDefault();
      pause();
      st.box.setPointerCapture(e.pointerId);
      st.gestured = true;
      stats.gestures += 1;
      frame = view.frame;
      startTime = e.timeStamp;
      track = [[0, ...point(e)]];
    });
    st.box.addEventListener("pointermove", (e) => {
      if (!track) return;
      const t = (e.timeStamp - startTime) / 1000;
      if (t <= track[track.length - 1][0]) return;
      track.push([t, ...point(e)]);
      send(false);
    });
    st.box.addEventListener("pointerup", (e) => {
      if (!track) return;
      const t = Math.max((e.timeStamp - startTime) / 1000, track[track.length - 1][0] + 0.001);
      track.push([t, ...point(e)]);
      send(true);
      track = null;
    });
  }
