// PaneKit Studio: draws the engine's frames, plays and scrubs them, and in live mode sends knobs and drags back.
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  let data = JSON.parse($("panekit-data").textContent);
  const live = data.mode === "live";
  const stats = { frameTimes: [], lastParamMs: null, lastUpdateAt: null, updates: 0, gestures: 0 };
  window.panekitStats = stats;
  // selected: {run, role} of the inspected node; interact: drags and taps on the main stage go to the gesture model.
  const view = { frame: 0, playing: false, clock: 0, last: null, closed: null, selected: null, stages: [], interact: false };

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
      "background: " + (data.colors[node.role] || "#cccccc") + "; " + ((data.looks || {})[node.role] || "") +
      (node.color ? " background-color: " + node.color + ";" : "") +
      " border-radius: " + radius(node.cornerRadius) + "; " +
      "box-shadow: " + (sh ? sh.offset[0] + "px " + sh.offset[1] + "px " + sh.radius + "px " + rgba(sh.color, sh.opacity) : "none") + ";");
  }

  /** CSS border-radius of a frame's `cornerRadius`: one number, or four clockwise from the top left. */
  function radius(r) {
    if (r === undefined || r === null) return "0px";
    return Array.isArray(r) ? r.map((v) => v + "px").join(" ") : r + "px";
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
      const cell = document.createElement("div");
      cell.className = "stage-cell";
      const label = document.createElement("div");
      label.className = "stage-label";
      label.textContent = run.name;
      const wrap = document.createElement("div");
      wrap.className = i === 0 ? "stage-wrap main" : "stage-wrap";
      const box = document.createElement("div");
      box.className = "stage-box";
      if (i === 0) box.id = "stage";
      box.dataset.run = String(i);
      box.style.width = run.size[0] + "px";
      box.style.height = run.size[1] + "px";
      box.style.background = data.stage || "#20242a";
      wrap.append(box);
      cell.append(label, wrap);
      host.append(cell);
      const stage = { index: i, run, wrap, box, elements: new Map(), gestured: false };
      if (live && i === 0) attachDrag(stage);
      return stage;
    });
    fit();
  }

  /**
   * Sizes every stage to its container's aspect ratio: the largest scale at which the stages fit side by side in
   * the row's width and in about 60 % of the window's height. The grey stage is exactly the scaled container.
   */
  function fit() {
    const host = $("stages");
    const n = view.stages.length;
    if (!n) return;
    const width = Math.max(80, (host.clientWidth - 12 * (n - 1)) / n);
    const height = Math.max(200, window.innerHeight * 0.52);
    for (const st of view.stages) {
      const [w, h] = st.run.size;
      const k = Math.max(0.05, Math.min(width / w, height / h));
      st.scale = k;
      st.wrap.style.width = w * k + "px";
      st.wrap.style.height = h * k + "px";
      st.box.style.transform = "scale(" + k + ")";
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
        // A click inspects; it never reaches the gesture model (that takes the interact mode or Shift).
        el.addEventListener("click", (e) => { e.stopPropagation(); if (!st.gestured) select(st.index, node.role); });
        el.addEventListener("keydown", (e) => { if (e.key === "Enter") select(st.index, node.role); });
        st.elements.set(node.role, el);
        st.box.append(el);
      }
      applyNode(el, node, z);
      el.classList.toggle("selected", !!view.selected && view.selected.run === st.index && view.selected.role === node.role);
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

  // Stage modes: a click inspects; drags and taps reach the gesture model only in interact mode or with Shift.
  function setInteract(on) {
    view.interact = live && on;
    $("interact").setAttribute("aria-pressed", String(view.interact));
    $("stages").classList.toggle("interact", view.interact);
    $("stage-hint").textContent = !live ?
      "Click a node to inspect it. Drags and taps need the live studio (panekit studio)." : view.interact ?
      "Interact: a drag or a tap on the main stage goes to the container's gesture model. Press I or Esc to inspect." :
      "Click a node to inspect it. To drag or tap the container, turn on Interact (I) or hold Shift.";
  }

  function setupInteract() {
    const button = $("interact");
    button.disabled = !live;
    if (!live) button.title = "Interact needs the live studio (panekit studio): a static export has no engine to run drags and taps.";
    setInteract(view.interact);
  }

  // Inspector: every property of the selected node at the current frame, its transform decomposed for reading.
  function select(run, role) { view.selected = { run, role }; show(); }

  const shown = new Set(["role", "frame", "transform", "alpha", "anchor", "z", "hidden", "shadow", "color", "accessible",
    "focus", "corners"]);

  function inspect() {
    const body = $("inspector-body");
    body.textContent = "";
    if (!view.selected) return;
    const st = view.stages[view.selected.run] || view.stages[0];
    const role = view.selected.role;
    const nodes = view.closed !== null ? (poseOf(st.run, view.closed) || {}).nodes : frameOf(st.run, view.frame).nodes;
    const node = (nodes || []).find((n) => n.role === role);
    $("inspector-hint").hidden = true;
    const rows = [];
    if (view.stages.length > 1) rows.push(["stage", st.run.name]);
    rows.push(["role", role]);
    if (node) {
      const d = decompose(node.transform);
      const f = node.frame, sh = node.shadow;
      const list = (v, unit) => v.map((x) => fmt(x) + (unit || "")).join(", ");
      rows.push(["frame", "x " + fmt(f[0]) + ", y " + fmt(f[1]) + ", " + fmt(f[2]) + " × " + fmt(f[3])]);
      if (d) {
        rows.push(["translate", list(d.translate) + " pt"], ["scale", list(d.scale)], ["skew", list(d.skew)],
          ["rotation", d.rotation.map((r) => Math.round(r * 100) / 100 + "°").join(", ")],
          ["perspective", d.perspective[2] === 0 ? "none" : "eye at " + eye(d.perspective[2]) + " pt"]);
      } else {
        rows.push(["transform", "singular (a zero scale): no decomposition"]);
      }
      rows.push(["alpha", fmt(node.alpha)], ["anchor", list(node.anchor)], ["z", String(node.z)],
        ["hidden", String(node.hidden)],
        ["shadow", sh ? "offset " + list(sh.offset) + " · radius " + fmt(sh.radius) + " · opacity " + fmt(sh.opacity) +
          " · " + sh.color : "none"],
        ["colour", node.color ? node.color : (data.colors[role] || "#cccccc") + " (role default)"],
        ["accessible", node.accessible === undefined ? "not given" : String(node.accessible)],
        ["focus", node.focus === undefined ? "not given" : String(node.focus)]);
      if (node.corners) rows.push(["corners", node.corners.map((c) => "(" + list(c) + ")").join(" ")]);
      for (const key of Object.keys(node)) if (!shown.has(key)) rows.push([key, JSON.stringify(node[key])]);
      // The raw matrix, every digit of the frame's numbers, one row per line.
      const m = node.transform.map(String);
      rows.push(["matrix", [0, 4, 8, 12].map((i) => m.slice(i, i + 4).map((x) => x.padStart(10)).join("")).join("\n")]);
    } else {
      rows.push(["", "not in this frame"]);
    }
    for (const [k, v] of rows) {
      const dt = document.createElement("dt"); dt.textContent = k;
      const dd = document.createElement("dd"); dd.textContent = v;
      dd.dataset.key = k;
      if (k === "colour") {
        const chip = document.createElement("span");
        chip.className = "color-chip";
        chip.style.background = node.color || data.colors[role] || "#cccccc";
        dd.prepend(chip);
      }
      body.append(dt, dd);
    }
  }

  function fmt(x) { return String(Math.round(x * 1000) / 1000); }

  /** The eye's distance -1/p to four significant digits: the frame's six decimals of m34 hold no more. */
  function eye(p) { return String(Number((-1 / p).toPrecision(4))); }

  /**
   * Translate, scale, skew, rotation (degrees about x, y, z) and the perspective row of a transform (DESIGN §4
   * order), split as PaneKitRender's TransformDecomposition splits it for the curves: the translation is applied
   * last (the bottom row), then CSS's "decomposing a 3D matrix" on the rest. So the inspector reads a swinging
   * door's angle as the rotate y curve does. Null for a singular matrix.
   */
  function decompose(t) {
    if (!t[15] || !t.every(isFinite)) return null;
    const m = [0, 1, 2, 3].map((i) => t.slice(i * 4, i * 4 + 4).map((v) => v / t[15]));
    const translate = [m[3][0], m[3][1], m[3][2]];
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) m[i][j] -= m[i][3] * translate[j];
    const a = [0, 1, 2].map((i) => m[i].slice(0, 3));
    const det = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
      a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
    if (Math.abs(det) < 1e-12) return null;
    let perspective = [0, 0, 0, 1];
    if (m[0][3] || m[1][3] || m[2][3]) {
      // (m14, m24, m34, 1) times the transposed inverse of the 3×3 part (the 4×4 inverse is block diagonal).
      const inv = (i, j) => {
        const r = [0, 1, 2].filter((k) => k !== j), c = [0, 1, 2].filter((k) => k !== i);
        const minor = a[r[0]][c[0]] * a[r[1]][c[1]] - a[r[0]][c[1]] * a[r[1]][c[0]];
        return ((i + j) % 2 ? -minor : minor) / det;
      };
      const rhs = [m[0][3], m[1][3], m[2][3]];
      perspective = [0, 1, 2].map((i) => rhs[0] * inv(i, 0) + rhs[1] * inv(i, 1) + rhs[2] * inv(i, 2)).concat([1]);
    }
    const dot = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    const len = (u) => Math.sqrt(dot(u, u));
    const sub = (u, v, k) => u.map((x, i) => x - k * v[i]);
    // Gram–Schmidt on the rows, as TransformParts.shearFactors: scales, shears xy, xz, yz, a right-handed rotation.
    let u0 = a[0], u1 = a[1], u2 = a[2];
    const s = [len(u0), 0, 0], k = [0, 0, 0];
    u0 = u0.map((x) => x / s[0]);
    k[0] = dot(u0, u1); u1 = sub(u1, u0, k[0]);
    s[1] = len(u1); u1 = u1.map((x) => x / s[1]); k[0] /= s[1];
    k[1] = dot(u0, u2); u2 = sub(u2, u0, k[1]);
    k[2] = dot(u1, u2); u2 = sub(u2, u1, k[2]);
    s[2] = len(u2); u2 = u2.map((x) => x / s[2]); k[1] /= s[2]; k[2] /= s[2];
    const cross = [u1[1] * u2[2] - u1[2] * u2[1], u1[2] * u2[0] - u1[0] * u2[2], u1[0] * u2[1] - u1[1] * u2[0]];
    if (dot(u0, cross) < 0) {
      for (let i = 0; i < 3; i++) s[i] = -s[i];
      u0 = u0.map((x) => -x); u1 = u1.map((x) => -x); u2 = u2.map((x) => -x);
    }
    const deg = 180 / Math.PI;
    const ry = Math.asin(Math.max(-1, Math.min(1, -u0[2])));
    const rotation = Math.cos(ry) > 1e-9 ? [Math.atan2(u1[2], u2[2]), ry, Math.atan2(u0[1], u0[0])] :
      [Math.atan2(-u2[1], u1[1]), ry, 0];
    return { translate, scale: s, skew: k, rotation: rotation.map((r) => r * deg), perspective };
  }

  // Curves: the channels of every styler of every run against the closed fraction, sampled by the engine. One chart
  // per channel of a node (translate x, y, z are three lines of one chart), a colour per styler (the compared ones
  // on the same scale), a dash per axis; a channel that never changes is listed as "constant: value" instead.
  const axes = ["x", "y", "z", "xy", "xz", "yz", "width", "height"];
  const dashes = { x: 0, y: 1, z: 2, xy: 0, xz: 1, yz: 2, width: 0, height: 1 };

  /** "translate x" → ["translate", "x"]; "frame width" → ["frame size", "width"]; "alpha" → ["alpha", ""]. */
  function splitChannel(name) {
    const i = name.lastIndexOf(" ");
    const axis = i > 0 ? name.slice(i + 1) : "";
    if (!axes.includes(axis)) return [name, ""];
    const quantity = name.slice(0, i);
    if (quantity === "frame") return [axis === "width" || axis === "height" ? "frame size" : "frame origin", axis];
    return [quantity, axis];
  }

  function buildCurves() {
    const legend = $("curves-legend"), body = $("curves-body");
    legend.textContent = "";
    body.textContent = "";
    view.cursors = [];
    const series = [];
    data.runs.forEach((run, r) => {
      for (const styler of run.stylers) {
        const key = styler.name + " " + styler.direction + " " + JSON.stringify(styler.params.map((p) => p.value));
        if (series.some((s) => s.key === key)) continue;
        series.push({ key, run: r, styler, index: series.length });
      }
    });
    const groups = new Map();
    for (const s of series) {
      const entry = document.createElement("span");
      entry.className = "legend-entry s" + (s.index % 6);
      entry.dataset.series = String(s.index);
      entry.dataset.run = String(s.run);
      entry.dataset.styler = s.styler.name;
      const swatch = document.createElement("span");
      swatch.className = "swatch";
      entry.append(swatch, s.styler.name + " (" + s.styler.direction + ")" + (s.run > 0 ? " compared" : "") +
        (s.styler.error ? ": " + s.styler.error : ""));
      legend.append(entry);
      for (const ch of s.styler.channels || []) {
        const [quantity, axis] = splitChannel(ch.name);
        const id = s.styler.direction + "|" + ch.role + "|" + quantity;
        if (!groups.has(id)) {
          groups.set(id, { direction: s.styler.direction, role: ch.role, quantity, unit: ch.unit, lines: [], constants: [] });
        }
        const finite = ch.values.filter((v) => v !== null);
        const lo = Math.min(...finite), hi = Math.max(...finite);
        const g = groups.get(id);
        if (finite.length && hi - lo > 1e-9) g.lines.push({ series: s, axis, values: ch.values });
        else g.constants.push({ series: s, axis, value: finite.length ? lo : null });
      }
    }
    const directions = new Set([...groups.values()].map((g) => g.direction));
    const grid = document.createElement("div");
    grid.className = "curve-grid";
    const flat = document.createElement("ul");
    flat.className = "constants";
    for (const g of groups.values()) {
      const unit = g.unit ? " (" + g.unit + ")" : "", where = directions.size > 1 ? " · " + g.direction : "";
      const title = g.role + " · " + g.quantity + unit + where;
      if (g.lines.length) {
        const card = document.createElement("figure");
        card.className = "curve";
        card.dataset.channel = g.role + " " + g.quantity;
        card.dataset.direction = g.direction;
        const h = document.createElement("h3");
        h.textContent = title;
        // Axes of one styler that coincide (a uniform scale) draw as one line: say so.
        for (const s of series) {
          const same = new Map();
          for (const l of g.lines) if (l.series === s) {
            const k = JSON.stringify(l.values);
            same.set(k, (same.get(k) || []).concat([l.axis]));
          }
          for (const list of same.values()) if (list.length > 1) {
            const note = document.createElement("span");
            note.className = "keys";
            note.textContent = " " + s.styler.name + ": " + list.join(" = ");
            h.append(note);
          }
        }
        card.append(h, chart(g));
        if (g.constants.length) {
          const list = document.createElement("ul");
          list.className = "constants";
          for (const c of g.constants) list.append(constant(c, g, c.axis || g.quantity));
          card.append(list);
        }
        grid.append(card);
      } else {
        for (const c of g.constants) flat.append(constant(c, g, g.role + " · " + g.quantity + (c.axis ? " " + c.axis : "") + where));
      }
    }
    body.append(grid);
    if (flat.childElementCount) {
      const h = document.createElement("h3");
      h.className = "muted";
      h.textContent = "Constant channels";
      body.append(h, flat);
    }
    if (!groups.size) {
      const p = document.createElement("p");
      p.className = "muted";
      p.textContent = "No styler changes anything on this container.";
      body.append(p);
    }
  }

  function constant(c, g, label) {
    const li = document.createElement("li");
    li.className = "constant s" + (c.series.index % 6);
    li.dataset.series = String(c.series.index);
    li.dataset.channel = g.role + " " + g.quantity + (c.axis ? " " + c.axis : "");
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    const value = document.createElement("b");
    value.textContent = "constant: " + (c.value === null ? "undefined" : fmt(c.value) + (g.unit ? " " + g.unit : ""));
    li.append(swatch, c.series.styler.name + " · " + label + " ", value);
    return li;
  }

  /** Round tick values covering lo…hi: about four of them, at 1, 2, 2.5 or 5 times a power of ten. */
  function ticks(lo, hi) {
    const raw = (hi - lo) / 4;
    const mag = Math.pow(10, Math.floor(Math.log10(raw)));
    const step = [1, 2, 2.5, 5, 10].map((f) => f * mag).find((s) => s >= raw) || 10 * mag;
    const out = [];
    for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) out.push(Math.round(v / step) * step);
    return out;
  }

  function chart(g) {
    const W = 320, H = 124, L = 46, R = 8, T = 20, B = 18;
    const xs = g.lines[0].series.styler.fractions;
    const all = g.lines.flatMap((l) => l.values.filter((v) => v !== null));
    let lo = Math.min(...all), hi = Math.max(...all);
    const pad = (hi - lo) * 0.06;
    lo -= pad; hi += pad;
    const X = (c) => L + ((c - xs[0]) / (xs[xs.length - 1] - xs[0])) * (W - L - R);
    const Y = (v) => H - B - ((v - lo) / (hi - lo)) * (H - T - B);
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("width", W);
    svg.setAttribute("height", H);
    svg.setAttribute("role", "img");
    const add = (parent, tag, attrs, text) => {
      const e = document.createElementNS(ns, tag);
      for (const k in attrs) e.setAttribute(k, attrs[k]);
      if (text !== undefined) e.textContent = text;
      parent.append(e);
      return e;
    };
    for (const v of ticks(lo, hi)) {
      add(svg, "line", { class: "grid", x1: L, x2: W - R, y1: Y(v), y2: Y(v) });
      add(svg, "text", { x: L - 4, y: Y(v) + 3, "text-anchor": "end" }, fmt(v));
    }
    for (const c of [0, 0.5, 1]) {
      add(svg, "line", { class: "axis", x1: X(c), x2: X(c), y1: T, y2: H - B });
      add(svg, "text", { x: X(c), y: H - 5, "text-anchor": "middle" }, c === 0 ? "0 open" : c === 1 ? "1 closed" : "0.5");
    }
    // The axes drawn in this chart, as dash samples over the plot; a chart of one axis draws it solid.
    const present = axes.filter((a) => g.lines.some((l) => l.axis === a));
    const dash = (a) => (a && present.length > 1 ? dashes[a] : 0);
    let kx = L;
    for (const a of present) {
      add(svg, "line", { class: "line a" + dash(a), x1: kx, x2: kx + 18, y1: 9, y2: 9, style: "--series: var(--muted)" });
      add(svg, "text", { x: kx + 21, y: 12 }, a);
      kx += 30 + 6 * a.length;
    }
    for (const l of g.lines) {
      let d = "", pen = false;
      l.values.forEach((v, i) => {
        if (v === null) { pen = false; return; }
        d += (pen ? " L" : " M") + X(xs[i]).toFixed(2) + "," + Y(v).toFixed(2);
        pen = true;
      });
      // Earlier runs are drawn wider, so a compared curve that coincides with one shows as a stripe inside it.
      const path = add(svg, "path", { class: "line s" + (l.series.index % 6) + " a" + dash(l.axis), d,
        "stroke-width": Math.max(1.2, 4.2 - 1.5 * l.series.run) });
      path.dataset.series = String(l.series.index);
      path.dataset.axis = l.axis;
      add(path, "title", {}, l.series.styler.name + " (" + l.series.styler.direction + "): " + g.role + " " + g.quantity +
        (l.axis ? " " + l.axis : ""));
    }
    const cursor = add(svg, "line", { class: "cursor", x1: X(1), x2: X(1), y1: T, y2: H - B });
    view.cursors.push({ direction: g.direction, cursor, X });
    return svg;
  }

  function drawCursors(frame) {
    for (const c of view.cursors || []) {
      const f = view.closed !== null ? view.closed : frame.fractions[c.direction];
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

  // Start: draw what the data holds, then the hash's frame, time or fraction.
  buildStages();
  setupScrubber();
  buildCurves();
  buildKnobs();
  setupInteract();
  wireTransport();
  $("title").textContent = data.title;
  $("mode").textContent = live ? "live" : "static export";
  showError(data.error);
  if (window.ResizeObserver) new ResizeObserver(fit).observe($("stages"));
  show();
  readHash();
  if (live) connect();
})();
