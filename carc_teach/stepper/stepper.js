// The walkthrough view stepped in the browser (carc_teach/stepper). This script runs in a
// hidden iframe and drives the view beside it in the page: every piece of HTML it shows was
// written, escaped, by Python; nothing here builds markup from text.
(() => {
  "use strict";
  const read = (id) => JSON.parse(document.getElementById(id).textContent);
  const data = read("carc-step-data");
  const config = read("carc-step-config");
  const pieces = data.pieces;
  const frames = data.frames;
  const last = frames.length - 1;
  const view = window.frameElement && window.frameElement.closest(".carc-stepper");
  if (!view) return;
  const page = view.ownerDocument;
  const slot = (name) => view.querySelector(`[data-slot="${name}"]`);
  const slots = {};
  for (const name of ["timeline", "board", "graph", "top", "question", "bottom", "slider", "value"]) {
    slots[name] = slot(name);
  }
  const html = (ids) => ids.map((k) => pieces[k]).join("");

  let index = Math.max(0, Math.min(config.start, last));
  // The page keeps the event shown under the game's name: a view drawn again (the questions
  // switched off or on) or the classroom stage opens there, and this view comes back where the
  // stage was left.
  const placeName = "carc-place:" + config.place;
  const keepPlace = () => {
    try {
      window.sessionStorage.setItem(placeName, String(index));
    } catch (_error) {
      // no storage (a sandboxed page): nothing is kept
    }
  };
  let kept = null;
  try {
    kept = window.sessionStorage.getItem(placeName);
  } catch (_error) {
    kept = null;
  }
  let chosen = null; // the learner's answer at this event (a choice's number), or null
  let activeTab = 0;
  // what each slot shows now, so a step only replaces what changed
  const showing = {};
  let scheduled = false;

  function put(name, ids, force) {
    const key = Array.isArray(ids) ? ids.join(",") : ids;
    if (!force && showing[name] === key) return;
    showing[name] = key;
    slots[name].innerHTML = Array.isArray(ids) ? html(ids) : ids;
  }

  function panelSlot(name) {
    const panel = slots[name];
    return panel && !panel.hidden;
  }

  function markChoice() {
    const frame = frames[index];
    const box = slots.question;
    box.querySelectorAll('[role="radio"]').forEach((button) => {
      const on = Number(button.dataset.choice) === chosen;
      button.setAttribute("aria-checked", String(on));
      button.dataset.state = on ? "checked" : "unchecked";
      button.replaceChildren();
      if (on) {
        const dot = page.createElement("span");
        dot.className = "carc-radio-dot";
        button.appendChild(dot);
      }
    });
    const old = box.querySelector(".carc-answer");
    if (old) old.remove();
    if (chosen !== null && frame.q) {
      const answer = page.createElement("div");
      answer.className = "carc-answer";
      answer.innerHTML = chosen === frame.q.right ? frame.q.yes : frame.q.no;
      box.appendChild(answer);
    }
  }

  function render() {
    scheduled = false;
    const frame = frames[index];
    const asking = frame.asked !== null && chosen === null;
    const side = asking ? frame.asked : frame.shown;
    view.dataset.index = String(index);
    put("timeline", frame.timeline);
    if (panelSlot("board")) put("board", frame.board);
    if (panelSlot("graph")) put("graph", frame.graph);
    put("top", side[0]);
    if (showing.questionAt !== index) {
      showing.questionAt = index;
      slots.question.innerHTML = frame.q ? frame.q.radio : "";
    }
    markChoice();
    put("bottom", side[1]);
    slots.slider.value = String(index);
    slots.slider.style.setProperty("--fill", `${(100 * index) / Math.max(last, 1)}%`);
    slots.value.textContent = String(index);
    keepPlace();
  }

  // Steps are drawn once a frame: a burst of input (a dragged slider) draws only the latest.
  function go(to) {
    const next = Math.max(0, Math.min(to, last));
    if (next !== index) chosen = null;
    index = next;
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(render);
    }
  }

  view.addEventListener("click", (event) => {
    const target = event.target.closest("[data-go], [data-tab], [data-choice]");
    if (!target || !view.contains(target)) return;
    if (target.dataset.go) {
      const to = {
        first: 0,
        previous: index - 1,
        next: index + 1,
        jump: config.jumps[index],
        last,
      }[target.dataset.go];
      go(to);
    } else if (target.dataset.tab !== undefined) {
      activeTab = Number(target.dataset.tab);
      view.querySelectorAll("[data-tab]").forEach((tab) => {
        const on = Number(tab.dataset.tab) === activeTab;
        tab.dataset.state = on ? "active" : "inactive";
        tab.setAttribute("aria-selected", String(on));
      });
      view.querySelectorAll("[data-panel]").forEach((panel) => {
        panel.hidden = Number(panel.dataset.panel) !== activeTab;
      });
      delete showing.board;
      delete showing.graph;
      render();
    } else if (target.dataset.choice !== undefined && frames[index].q) {
      chosen = Number(target.dataset.choice);
      render();
    }
  });
  slots.slider.addEventListener("input", () => go(Number(slots.slider.value)));

  // Python wrote the first event into the page, but marimo may have kept the previous
  // view's elements (it reconciles the new HTML with the old, and what this script put into
  // them is not in its record): the starting event is drawn again from the data, at once.
  window.carcStepper = { go, frames: frames.length };
  if (kept !== null && Number(kept) >= 0 && Number(kept) <= last) index = Number(kept);
  render();
})();
