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
    setCommand(data.command);
  }

  /** The whole command line, its box as tall as its text (nothing cut). */
  function setCommand(text) {
    const box = $("command");
    box.value = text;
    box.style.height = "auto";
    box.style.height = box.scrollHeight + 2 + "px";
  }

  /** Copies the command line: the clipboard where the page may write it, else the selected text and copy. */
  function copyCommand() {
    const box = $("command"), button = $("copy-command");
    const done = () => { button.textContent = "Copied"; setTimeout(() => { button.textContent = "Copy"; }, 1500); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(box.value).then(done, () => { box.select(); document.execCommand("copy"); done(); });
    } else {
      box.select();
      document.execCommand("copy");
      done();
    }
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
