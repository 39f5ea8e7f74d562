  // Inspector: every property of the selected node at the current frame, its transform decomposed for reading.
  function select(run, role) { view.selected = { run, role }; show(); }

  const shown = new Set(["role", "frame", "transform", "alpha", "anchor", "z", "hidden", "shadow", "color", "accessible",
    "focus", "corners"]);

  function inspect() {
    meter();
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

  /**
   * The styler meter: each Lua styler's cost at the shown frame (instructions against its budget, the most memory
   * its state held against its cap) and a sparkline of its instructions over the run, the shown frame marked.
   */
  function meter() {
    const box = $("inspector-cost");
    box.textContent = "";
    const st = view.stages[view.selected ? view.selected.run : 0] || view.stages[0];
    if (!st) return;
    for (const s of st.run.stylers) {
      const frames = s.cost ? s.cost.frames : [];
      if (!frames.length) continue;
      const k = Math.max(0, Math.min(frames.length - 1, view.frame));
      const now = frames[k];
      const row = document.createElement("div");
      row.className = "cost";
      row.dataset.styler = s.name;
      const name = document.createElement("span");
      name.className = "cost-name";
      name.textContent = s.name + " ";
      const text = document.createElement("span");
      text.className = "cost-now";
      if (now) {
        text.dataset.instructions = now[0];
        text.textContent = now[0] + " of " + s.cost.budget + " instructions (" + percent(now[0] / s.cost.budget) + ")";
        text.dataset.memory = now[1];
        text.textContent += " · " + kib(now[1]) + " of " + kib(s.cost.memory);
      } else {
        text.textContent = "not called at this frame";
      }
      row.append(name, text, sparkline(frames.map((f) => (f ? f[0] : 0)), k));
      box.append(row);
    }
  }

  /** An SVG polyline of `values` scaled to its largest, with a mark at index `k`. */
  function sparkline(values, k) {
    const ns = "http://www.w3.org/2000/svg", w = 200, h = 24;
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "sparkline");
    svg.setAttribute("viewBox", "0 0 " + w + " " + h);
    svg.setAttribute("preserveAspectRatio", "none");
    const top = Math.max(1, ...values), n = Math.max(1, values.length - 1);
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", values.map((v, i) => (i * w) / n + "," + (h - 1 - (v / top) * (h - 2))).join(" "));
    const mark = document.createElementNS(ns, "line");
    mark.setAttribute("x1", (k * w) / n); mark.setAttribute("x2", (k * w) / n);
    mark.setAttribute("y1", 0); mark.setAttribute("y2", h);
    svg.append(line, mark);
    return svg;
  }

  function percent(x) { return (x * 100 < 0.01 && x > 0 ? "< 0.01" : String(Math.round(x * 10000) / 100)) + " %"; }
  function kib(bytes) { return (bytes >= 1 << 20 ? Math.round(bytes / 104857.6) / 10 + " MiB" : Math.round(bytes / 102.4) / 10 + " KiB"); }

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
