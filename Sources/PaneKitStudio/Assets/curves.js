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
        // A value beyond the engine's plottable bound arrives clamped, with the note to show.
        if (ch.clamped) groups.get(id).clamped = ch.clamped;
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
      const title = g.role + " · " + g.quantity + unit + where + (g.clamped ? " — " + g.clamped : "");
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
