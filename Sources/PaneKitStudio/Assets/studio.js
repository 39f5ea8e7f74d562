// PaneKit Studio: draws the engine's frames, plays and scrubs them, and in live mode sends knobs and drags back.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  let data = JSON.parse($("panekit-data").textContent);
  const live = data.mode === "live";
  const stats = { frameTimes: [], lastParamMs: null, lastUpdateAt: null, updates: 0 };
  window.panekitStats = stats;
  const view = { frame: 0, playing: false, clock: 0, last: null, closed: null, selected: null, stages: [] };

  /**
   * The one mapping from a node of a frame to its element: box, matrix3d (DESIGN §4 order, which is CSS's column-major
   * order for a row-vector matrix), origin from the anchor, opacity, z, shadow, colour. The style is written as text so
   * the attribute keeps every digit of the engine's numbers (the CSSOM would round them to six significant digits).
   */
  function applyNode(el, node, z) {
    const f = node.frame;
    const sh = node.shadow;
    el.setAttribute("style",
      "left: " + f[0] + "px; top: " + f[1] + "px; width: " + f[2] + "px; height: " + f[3] + "px; " +
      "transform-origin: " + node.anchor[0] * 100 + "% " + node.anchor[1] * 100 + "%; " +
      "transform: matrix3d(" + node.transform.join(", ") + "); " +
      "opacity: " + node.alpha + "; z-index: " + z + "; visibility: " + (node.hidden ? "hidden" : "visible") + "; " +
      "background: " + (node.color || data.colors[node.role] || "#cccccc") + "; " +
      "box-shadow: " + (sh ? sh.offset[0] + "px " + sh.offset[1] + "px " + sh.radius + "px " + rgba(sh.color, sh.opacity) : "none") + ";");
  }

  function rgba(hex, opacity) {
    const n = parseInt(hex.slice(1, 7), 16);
    const a = hex.length > 7 ? parseInt(hex.slice(7, 9), 16) / 255 : 1;
    return "rgba(" + (n >> 16) + "," + ((n >> 8) & 255) + "," + (n & 255) + "," + a * opacity + ")";
  }

  function buildStages() {
    const host = $("stages");
    host.textContent = "";
    view.stages = data.runs.map((run, i) => {
      const wrap = document.createElement("div");
      wrap.className = "stage-wrap";
      const label = document.createElement("div");
      label.className = "stage-label";
      label.textContent = run.name;
      const box = document.createElement("div");
      box.className = "stage-box";
      if (i === 0) box.id = "stage";
      box.dataset.run = String(i);
      box.style.width = run.size[0] + "px";
      box.style.height = run.size[1] + "px";
      wrap.append(label, box);
      host.append(wrap);
      const stage = { run, wrap, box, elements: new Map() };
      if (live && i === 0) attachDrag(stage);
      return stage;
    });
    fit();
  }

  function fit() {
    for (const st of view.stages) {
      const w = st.wrap.clientWidth, h = st.wrap.clientHeight - 20;
      const k = Math.max(0.05, Math.min(w / st.run.size[0], h / st.run.size[1]));
      st.scale = k;
      st.box.style.transform = "translate(" + (w - st.run.size[0] * k) / 2 + "px, 20px) scale(" + k + ")";
    }
  }

  function drawNodes(st, nodes) {
    const seen = new Set();
    nodes.forEach((node, z) => {
      let el = st.elements.get(node.role);
      if (!el) {
        el = document.createElement("div");
        el.className = "node";
        el.tabIndex = 0;
        el.dataset.role = node.role;
        const span = document.createElement("span");
        span.textContent = node.role;
        el.append(span);
        el.addEventListener("click", (e) => { if (!st.dragged) select(node.role); e.stopPropagation(); });
        el.addEventListener("keydown", (e) => { if (e.key === "Enter") select(node.role); });
        st.elements.set(node.role, el);
        st.box.append(el);
      }
      applyNode(el, node, z);
      el.classList.toggle("selected", view.selected === node.role);
      seen.add(node.role);
    });
    for (const [role, el] of st.elements) {
      if (!seen.has(role)) { el.remove(); st.elements.delete(role); }
    }
  }

  function frameOf(run, k) { return run.frames[Math.min(k, run.frames.length - 1)]; }
  function lastFrame() { return data.runs[0].frames.length - 1; }

  function poseOf(run, c) {
    const styler = run.stylers.find((s) => s.poses && s.poses.length);
    if (!styler) return null;
    let best = styler.poses[0];
    for (const p of styler.poses) if (Math.abs(p.closed - c) < Math.abs(best.closed - c)) best = p;
    return best;
  }

  /** Shows frame k (or the closed-fraction pose) on every stage and every readout. */
  function show() {
    const k = view.frame;
    const first = frameOf(data.runs[0], k);
    for (const st of view.stages) {
      if (view.closed !== null) {
        const pose = poseOf(st.run, view.closed);
        drawNodes(st, pose ? pose.nodes : frameOf(st.run, k).nodes);
      } else {
        drawNodes(st, frameOf(st.run, k).nodes);
      }
    }
    const stage = $("stage");
    stage.dataset.frame = String(first.frame);
    stage.dataset.time = String(first.time);
    stage.dataset.state = first.state;
    if (view.closed !== null) stage.dataset.closed = String(view.closed); else delete stage.dataset.closed;
    $("scrub").value = String(k);
    $("time").textContent = first.time.toFixed(3) + " s";
    $("frame-index").textContent = first.frame + " / " + lastFrame();
    $("state").textContent = view.closed !== null ? "posed" : first.state;
    $("fractions").textContent = view.closed !== null ? "closed " + view.closed :
      Object.entries(first.fractions).map(([d, c]) => d + " " + c.toFixed(3)).join(", ");
    $("events").textContent = first.events.map((e) => e.type).join(", ");
    inspect();
    drawCursors(first);
  }

  function setHash() {
    const hash = view.closed !== null ? "#closed=" + view.closed : "#frame=" + view.frame;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  function go(k, keepPlaying) {
    view.frame = Math.max(0, Math.min(lastFrame(), k));
    view.clock = data.runs[0].frames[view.frame].time;
    if (!keepPlaying) pause();
    show();
    if (!view.playing) setHash();
  }

  function frameAtTime(t) {
    const frames = data.runs[0].frames;
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
      const frames = data.runs[0].frames;
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
    document.addEventListener("keydown", (e) => {
      const t = e.target;
      if (t && (t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && t.type === "text"))) return;
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
    const frames = data.runs[0].frames;
    frames.forEach((f, k) => {
      if (!f.events.length) return;
      const m = document.createElement("div");
      m.className = "mark";
      m.style.left = (frames.length > 1 ? (k / (frames.length - 1)) * 100 : 0) + "%";
      m.title = "frame " + k + ": " + f.events.map((e) => e.type).join(", ");
      marks.append(m);
    });
  }

  // Inspector: the selected node's values at the current frame, its transform decomposed for reading.
  function select(role) { view.selected = role; show(); }

  function inspect() {
    const body = $("inspector-body");
    body.textContent = "";
    if (!view.selected) return;
    const st = view.stages[0];
    const nodes = view.closed !== null ? (poseOf(st.run, view.closed) || {}).nodes : frameOf(st.run, view.frame).nodes;
    const node = (nodes || []).find((n) => n.role === view.selected);
    $("inspector-hint").hidden = true;
    const rows = [["role", view.selected]];
    if (node) {
      const d = decompose(node.transform);
      rows.push(["frame", node.frame.map(fmt).join(", ")], ["translate", d.translate.map(fmt).join(", ")],
        ["scale", d.scale.map(fmt).join(", ")], ["rotation", d.rotation.map((r) => fmt(r) + "°").join(", ")],
        ["perspective", d.perspective], ["alpha", fmt(node.alpha)], ["anchor", node.anchor.map(fmt).join(", ")],
        ["z", String(node.z)], ["hidden", String(node.hidden)], ["matrix", node.transform.map(fmt).join(" ")]);
    } else {
      rows.push(["", "not in this frame"]);
    }
    for (const [k, v] of rows) {
      const dt = document.createElement("dt"); dt.textContent = k;
      const dd = document.createElement("dd"); dd.textContent = v;
      body.append(dt, dd);
    }
  }

  function fmt(x) { return String(Math.round(x * 1000) / 1000); }

  /** Reads translate, scale, rotation (degrees, x y z) and perspective off a row-vector matrix for display. */
  function decompose(m) {
    const row = (i) => [m[i * 4], m[i * 4 + 1], m[i * 4 + 2]];
    const len = (v) => Math.hypot(v[0], v[1], v[2]);
    const r0 = row(0), r1 = row(1), r2 = row(2);
    const sx = len(r0), sy = len(r1), sz = len(r2);
    const n0 = r0.map((v) => v / (sx || 1)), n1 = r1.map((v) => v / (sy || 1)), n2 = r2.map((v) => v / (sz || 1));
    const deg = 180 / Math.PI;
    const ry = Math.asin(Math.max(-1, Math.min(1, -n0[2])));
    const rx = Math.atan2(n1[2], n2[2]);
    const rz = Math.atan2(n0[1], n0[0]);
    const p = m[11];
    return { translate: [m[12], m[13], m[14]], scale: [sx, sy, sz], rotation: [rx * deg, ry * deg, rz * deg],
      perspective: p === 0 ? "none" : "m34 " + fmt(p) + " (eye at " + fmt(-1 / p) + ")" };
  }

  // Curves: each styler's channels against the closed fraction, sampled by the engine; a cursor follows.
  function buildCurves() {
    const body = $("curves-body");
    body.textContent = "";
    view.cursors = [];
    for (const styler of data.runs[0].stylers) {
      const h = document.createElement("h3");
      h.className = "muted";
      h.textContent = styler.name + " (" + styler.direction + ")" + (styler.error ? ": " + styler.error : "");
      body.append(h);
      for (const ch of styler.channels || []) body.append(curve(styler, ch));
    }
  }

  function curve(styler, ch) {
    const W = 180, H = 90, P = 14;
    const xs = styler.fractions;
    const vals = ch.values.filter((v) => v !== null);
    let lo = Math.min(...vals), hi = Math.max(...vals);
    if (!(hi - lo > 1e-9)) { lo -= 1; hi += 1; }
    const X = (c) => P + ((c - xs[0]) / (xs[xs.length - 1] - xs[0])) * (W - 2 * P);
    const Y = (v) => H - P - ((v - lo) / (hi - lo)) * (H - 2 * P);
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("width", W); svg.setAttribute("height", H); svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    const add = (tag, attrs, text) => {
      const e = document.createElementNS(ns, tag);
      for (const k in attrs) e.setAttribute(k, attrs[k]);
      if (text) e.textContent = text;
      svg.append(e);
      return e;
    };
    add("line", { class: "axis", x1: X(0), x2: X(0), y1: P, y2: H - P });
    add("line", { class: "axis", x1: X(1), x2: X(1), y1: P, y2: H - P });
    const pts = [];
    ch.values.forEach((v, i) => { if (v !== null) pts.push(X(xs[i]).toFixed(2) + "," + Y(v).toFixed(2)); });
    add("polyline", { class: "line", points: pts.join(" ") });
    add("text", { x: 2, y: 10 }, ch.role + " " + ch.name + (ch.unit ? " (" + ch.unit + ")" : ""));
    add("text", { x: 2, y: H - 2 }, fmt(lo) + " … " + fmt(hi));
    const cursor = add("line", { class: "cursor", x1: X(1), x2: X(1), y1: P, y2: H - P });
    view.cursors.push({ styler, cursor, X });
    const wrap = document.createElement("div");
    wrap.className = "curve";
    wrap.append(svg);
    return wrap;
  }

  function drawCursors(frame) {
    for (const c of view.cursors || []) {
      const f = view.closed !== null ? view.closed : frame.fractions[c.styler.direction];
      if (f === undefined) continue;
      const x = c.X(Math.max(-0.3, Math.min(1.1, f)));
      c.cursor.setAttribute("x1", x); c.cursor.setAttribute("x2", x);
    }
  }

  // Knobs: one input per parameter of every styler in the run; in live mode a change re-runs the engine.
  function buildKnobs() {
    const body = $("knobs-body");
    body.textContent = "";
    $("knobs-hint").textContent = live ? "Changes re-run the engine at once." :
      "Read only in a static export; run panekit studio to tune them.";
    const seen = new Set();
    for (const run of data.runs) for (const styler of run.stylers) {
      if (seen.has(styler.name)) continue;
      seen.add(styler.name);
      for (const p of styler.params) body.append(knob(styler.name, p));
    }
    $("command").value = data.command;
  }

  function knob(styler, p) {
    const row = document.createElement("label");
    row.className = "knob";
    row.title = p.doc;
    const name = document.createElement("span");
    name.textContent = styler + "." + p.name;
    let input;
    if (p.kind === "enum") {
      input = document.createElement("select");
      for (const c of p.choices) { const o = document.createElement("option"); o.value = c; o.textContent = c; input.append(o); }
      input.value = p.value;
    } else {
      input = document.createElement("input");
      if (p.kind === "bool") { input.type = "checkbox"; input.checked = p.value === "true"; }
      else if (p.kind === "color") { input.type = "color"; input.value = p.value.slice(0, 7); }
      else {
        input.type = "range";
        const v = Number(p.value), d = Number(p.default);
        const lo = p.min !== null ? p.min : Math.min(0, v, d * 2), hi = p.max !== null ? p.max : Math.max(1, v, d * 2);
        input.min = String(lo); input.max = String(hi); input.step = String((hi - lo) / 200 || 0.01);
        input.value = String(v);
      }
    }
    input.dataset.param = styler + "." + p.name;
    input.disabled = !live;
    const out = document.createElement("output");
    out.textContent = p.value;
    input.addEventListener(p.kind === "number" ? "input" : "change", () => {
      const value = input.type === "checkbox" ? String(input.checked) : input.value;
      out.textContent = value;
      sendParam(input.dataset.param, value);
    });
    row.append(name, input, out);
    return row;
  }

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
    if (rebuildKnobs) buildKnobs(); else $("command").value = data.command;
    view.frame = Math.min(view.frame, lastFrame());
    show();
    stats.updates += 1;
    stats.lastUpdateAt = Date.now();
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
    let track = null, startTime = 0, frame = 0, busy = false, dirty = false;
    const point = (e) => {
      const r = st.box.getBoundingClientRect();
      return [(e.clientX - r.left) / st.scale, (e.clientY - r.top) / st.scale];
    };
    const send = (ended) => {
      if (busy && !ended) { dirty = true; return; }
      busy = true;
      dirty = false;
      const moved = track.some((s) => Math.hypot(s[1] - track[0][1], s[2] - track[0][2]) > 4);
      const body = ended && !moved ? { frame, tap: [track[0][1], track[0][2]] } :
        { frame, track: track.map((s) => s.map((v) => Math.round(v * 1000) / 1000)), ended };
      fetch("/drag", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
        .then((r) => r.json())
        .then((result) => {
          if (result.error) { showError(result.error); return; }
          data.runs[0].frames = result.frames;
          setupScrubber();
          if (ended) {
            $("drag-panel").hidden = false;
            $("recorded").value = JSON.stringify(result.actions, null, 1);
            go(result.start);
            play();
          } else {
            go(lastFrame(), false);
          }
        })
        .catch((e) => showError(String(e)))
        .finally(() => { busy = false; if (dirty && track && !ended) send(false); });
    };
    st.box.addEventListener("pointerdown", (e) => {
      if (view.closed !== null) return;
      pause();
      st.box.setPointerCapture(e.pointerId);
      frame = view.frame;
      startTime = e.timeStamp;
      st.dragged = false;
      track = [[0, ...point(e)]];
    });
    st.box.addEventListener("pointermove", (e) => {
      if (!track) return;
      const t = (e.timeStamp - startTime) / 1000;
      if (t <= track[track.length - 1][0]) return;
      track.push([t, ...point(e)]);
      st.dragged = true;
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

  // Start: draw what the data holds, then the hash's frame, time or fraction.
  buildStages();
  setupScrubber();
  buildCurves();
  buildKnobs();
  wireTransport();
  $("title").textContent = data.title;
  $("mode").textContent = live ? "live" : "static export";
  showError(data.error);
  if (window.ResizeObserver) new ResizeObserver(fit).observe($("stages"));
  show();
  readHash();
  if (live) connect();
})();
