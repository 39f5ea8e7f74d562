  /**
   * The one mapping from a node of a frame to its element: box, matrix3d (DESIGN §4 order, which is CSS's column-major
   * order for a row-vector matrix), origin from the anchor, opacity, z, shadow, colour. The style is written as text so
   * the attribute keeps every digit of the engine's numbers (the CSSOM would round them to six significant digits).
   */
  function applyNode(el, node, z, origin) {
    const f = node.frame;
    const sh = node.shadow;
    el.setAttribute("style",
      "left: " + (f[0] - origin[0]) + "px; top: " + (f[1] - origin[1]) + "px; width: " + f[2] + "px; height: " + f[3] + "px; " +
      "transform-origin: " + node.anchor[0] * 100 + "% " + node.anchor[1] * 100 + "%; " +
      "transform: matrix3d(" + node.transform.join(", ") + "); " +
      "opacity: " + node.alpha + "; z-index: " + z + "; visibility: " + (node.hidden ? "hidden" : "visible") + "; " +
      "background: " + (data.colors[node.role] || "#cccccc") + "; " + look(node.role, f[2], f[3]) +
      (node.color ? " background-color: " + node.color + ";" : "") +
      " border-radius: " + radius(node.cornerRadius) + "; " +
      "box-shadow: " + (sh ? sh.offset[0] + "px " + sh.offset[1] + "px " + sh.radius + "px " + rgba(sh.color, sh.opacity) : "none") + ";");
  }

  /**
   * A node's scrolled regions (`scroll`: a sheet's content offset, node coordinates): one layer per region over the
   * node, clipped to the region (and by the node's overflow to the node), showing the node's look at the node's size
   * moved up by the offset; the layers go when the node carries none.
   */
  function applyScroll(el, node) {
    const regions = node.scroll || [];
    let layers = el.querySelectorAll(":scope > .scroll");
    for (let i = layers.length; i < regions.length; i++) {
      const layer = document.createElement("div");
      layer.className = "scroll";
      el.append(layer);
    }
    if (layers.length !== regions.length) layers = el.querySelectorAll(":scope > .scroll");
    const f = node.frame;
    layers.forEach((layer, i) => {
      if (i >= regions.length) { layer.remove(); return; }
      const r = regions[i].rect;
      layer.setAttribute("style",
        "position: absolute; pointer-events: none; left: " + r[0] + "px; top: " + r[1] + "px; width: " + r[2] + "px; " +
        "height: " + r[3] + "px; background: " + (data.colors[node.role] || "#cccccc") + "; " + look(node.role, f[2], f[3]) +
        (node.color ? " background-color: " + node.color + ";" : "") +
        " background-size: " + f[2] + "px " + f[3] + "px; background-position: " + -r[0] + "px " + -(r[1] + regions[i].offset) + "px;");
    });
  }

  /**
   * A role's look (image and wireframe as background layers) drawn for the size nearest a node of width w and
   * height h: the engine draws the wireframe once per size the node takes, so it is never stretched.
   */
  function look(role, w, h) {
    const drawn = (data.lookSizes || {})[role];
    if (!drawn || !drawn.length) return (data.looks || {})[role] || "";
    let best = drawn[0], distance = Infinity;
    for (const d of drawn) {
      const e = Math.max(Math.abs(d[0] - w) / d[0], Math.abs(d[1] - h) / d[1]);
      if (e < distance) { distance = e; best = d; }
    }
    return best[2];
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
      // A behavior's stage (--behaviors) says under its name where its sheet rests or goes.
      const detent = document.createElement("div");
      detent.className = "stage-detent";
      const wrap = document.createElement("div");
      // A drag goes to the main stage, or to any stage of a comparison of behaviors (replayed on all of them).
      const draggable = live && (i === 0 || !!run.behavior);
      wrap.className = (i === 0 ? "stage-wrap main" : "stage-wrap") + (draggable ? " draggable" : "");
      const box = document.createElement("div");
      box.className = "stage-box";
      if (i === 0) box.id = "stage";
      box.dataset.run = String(i);
      if (run.behavior) box.dataset.behavior = run.behavior;
      box.style.width = run.size[0] + "px";
      box.style.height = run.size[1] + "px";
      box.style.background = data.stage || "#20242a";
      wrap.append(box);
      if (run.behavior) cell.append(label, detent, wrap); else cell.append(label, wrap);
      host.append(cell);
      const stage = { index: i, run, cell, wrap, box, detent, elements: new Map(), cells: new Map(), gestured: false };
      if (draggable) attachDrag(stage);
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
      st.cell.style.width = w * k + "px";  // a long label is cut, not widening its stage's column
      st.wrap.style.height = h * k + "px";
      st.box.style.transform = "scale(" + k + ")";
    }
  }

  /**
   * The box of a grid's cell (`cells` of a grid frame: a label and a rectangle), which clips the cell's nodes, so a
   * carousel's neighbouring pages do not cover the next cell (`overflow: clip`, as the stage's: focusing a node never
   * scrolls it); made the first time it shows.
   */
  function cellBox(st, cell) {
    let box = st.cells.get(cell.label);
    if (!box) {
      box = document.createElement("div");
      box.className = "cell-clip";
      box.dataset.cell = cell.label;
      st.box.append(box);
      st.cells.set(cell.label, box);
    }
    const r = cell.rect;
    box.setAttribute("style", "position: absolute; overflow: clip; left: " + r[0] + "px; top: " + r[1] + "px; width: " +
      r[2] + "px; height: " + r[3] + "px;");
    return box;
  }

  /** The cell of `cells` whose nodes have `role` (`cell.LABEL/ROLE`), or undefined. */
  function cellOf(cells, role) {
    return cells.find((c) => role.startsWith("cell." + c.label + "/"));
  }

  function drawNodes(st, nodes, cells) {
    const seen = new Set();
    cells = cells || [];
    const boxes = new Map(cells.map((c) => [c.label, cellBox(st, c)]));
    for (const [label, box] of st.cells) {
      if (!boxes.has(label)) { box.remove(); st.cells.delete(label); }
    }
    nodes.forEach((node, z) => {
      const cell = cells.length ? cellOf(cells, node.role) : undefined;
      const parent = cell ? boxes.get(cell.label) : st.box;
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
      }
      if (el.parentNode !== parent) parent.append(el);
      applyNode(el, node, z, cell ? cell.rect : [0, 0]);
      if (node.scroll || el.querySelector(":scope > .scroll")) applyScroll(el, node);
      el.classList.toggle("selected", !!view.selected && view.selected.run === st.index && view.selected.role === node.role);
      seen.add(node.role);
    });
    for (const [role, el] of st.elements) {
      if (!seen.has(role)) { el.remove(); st.elements.delete(role); }
    }
  }

  function frameOf(run, k) { return run.frames[Math.min(k, run.frames.length - 1)]; }
  /**
   * The run whose frames the transport walks: the longest (the first of equal ones), so that every stage plays to
   * its end; a shorter run rests at its last frame (behaviors settle in their own time).
   */
  function clockRun() { return data.runs.reduce((a, r) => (r.frames.length > a.frames.length ? r : a), data.runs[0]); }
  function lastFrame() { return clockRun().frames.length - 1; }

  function poseOf(run, c) {
    const styler = run.stylers.find((s) => s.poses && s.poses.length);
    if (!styler) return null;
    let best = styler.poses[0];
    for (const p of styler.poses) if (Math.abs(p.closed - c) < Math.abs(best.closed - c)) best = p;
    return best;
  }
