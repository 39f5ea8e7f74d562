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

/*PANEKIT-PARTS*/

  // Start: draw what the data holds, then the hash's frame, time or fraction.
  buildStages();
  setupScrubber();
  buildCurves();
  buildKnobs();
  setupInteract();
  wireTransport();
  $("copy-command").addEventListener("click", copyCommand);
  if (live) { $("reset-gestures").addEventListener("click", resetGestures); showRecorded(data.recorded); }
  $("title").textContent = data.title;
  $("mode").textContent = live ? "live" : "static export";
  showError(data.error);
  if (window.ResizeObserver) new ResizeObserver(fit).observe($("stages"));
  show();
  readHash();
  if (live) connect();
})();
