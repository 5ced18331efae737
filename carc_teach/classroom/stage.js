// The classroom stage (carc_teach/classroom): shows one frame at a time and steps on the keys
// a presentation clicker sends. Every piece of HTML it shows was written, escaped, by Python;
// nothing here builds markup from text.
(() => {
  "use strict";
  const read = (id) => JSON.parse(document.getElementById(id).textContent);
  const data = read("carc-stage-data");
  const config = read("carc-stage-config");
  const texts = config.texts;
  const pieces = data.pieces;
  const frames = data.frames;
  const last = frames.length - 1;
  const stage = document.getElementById("carc-stage");
  const view = document.getElementById("carc-stage-view");
  const blank = document.getElementById("carc-blank");
  const keysList = document.getElementById("carc-stage-keys");
  const html = (ids) => ids.map((k) => pieces[k]).join("");

  let index = Math.max(0, Math.min(config.start, last));
  let revealed = false;
  // the event the walkthrough view showed last (it keeps it under the same name), and ours
  const placeName = config.place ? "carc-place:" + config.place : null;
  const keepPlace = () => {
    try {
      if (placeName) window.sessionStorage.setItem(placeName, String(index));
    } catch (_error) {
      // no storage (a sandboxed page): the stage opens at the start
    }
  };
  try {
    const kept = placeName ? window.sessionStorage.getItem(placeName) : null;
    if (kept !== null && Number(kept) >= 0 && Number(kept) <= last) index = Number(kept);
  } catch (_error) {
    // no storage
  }

  let channelName = "carc-teach-stage";
  try {
    channelName += ":" + window.parent.location.pathname;
  } catch (_error) {
    // a stage opened on its own (no parent page): one channel for all
  }
  const channel = "BroadcastChannel" in window ? new BroadcastChannel(channelName) : null;

  const asking = () => frames[index].asked !== null && !revealed;

  function fit() {
    // Shrink the text column until it fits the window (never below about half size).
    const box = view.querySelector(".stage-side, .stage-text");
    if (!box) return;
    let scale = 1;
    box.style.setProperty("--fit", "1");
    box.classList.remove("overflowing");
    while (box.scrollHeight > box.clientHeight + 1 && scale > 0.5) {
      scale -= 0.05;
      box.style.setProperty("--fit", scale.toFixed(2));
    }
    if (box.scrollHeight > box.clientHeight + 1) box.classList.add("overflowing");
  }

  function publish() {
    if (!channel) return;
    const frame = frames[index];
    channel.postMessage({
      type: "frame",
      label: frame.label,
      state: frame.asked === null ? "" : asking() ? texts.open : texts.shown,
      notes: html(frame.notes),
      title: config.title,
    });
  }

  function render() {
    const started = performance.now();
    const frame = frames[index];
    view.innerHTML = html(asking() ? frame.asked : frame.shown);
    stage.dataset.index = String(index);
    stage.dataset.revealed = String(!asking());
    fit();
    publish();
    keepPlace();
    window.carcStage.lastStepMs = performance.now() - started;
  }

  function forward() {
    if (asking()) {
      revealed = true;
    } else if (index < last) {
      index += 1;
      revealed = false;
    }
    render();
  }

  function back() {
    index = Math.max(index - 1, 0);
    revealed = true;
    render();
  }

  function go(to) {
    index = to;
    revealed = false;
    render();
  }

  function setBlank(on) {
    blank.hidden = !on;
  }

  function fullScreen() {
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(() => {});
    } else if (document.documentElement.requestFullscreen) {
      document.documentElement.requestFullscreen().catch(() => {});
    }
  }

  function findSwitch(root) {
    for (const el of root.querySelectorAll("marimo-switch")) {
      const label = el.getAttribute("data-label") || "";
      const button = el.shadowRoot && el.shadowRoot.querySelector('[role="switch"]');
      if (button && label.includes(config.switchLabel)) return button;
    }
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) {
        const found = findSwitch(el.shadowRoot);
        if (found) return found;
      }
    }
    return null;
  }

  function leave() {
    let button = null;
    try {
      button = findSwitch(window.parent.document);
    } catch (_error) {
      button = null;
    }
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    if (button) {
      button.click();
    } else if (window.frameElement) {
      window.frameElement.style.display = "none";
    }
  }

  function notesPage(name, texts) {
    // Runs in the notes window: shows what the stage publishes, sends the teacher's keys back.
    const channel = new BroadcastChannel(name);
    const where = document.getElementById("where");
    const state = document.getElementById("state");
    const notes = document.getElementById("notes");
    channel.onmessage = (event) => {
      const message = event.data;
      if (message.type === "frame") {
        where.textContent = message.label;
        state.textContent = message.state;
        notes.innerHTML = message.notes;
        document.title = texts.notes + " · " + message.title + " · " + message.label;
        where.classList.remove("stage-gone");
      } else if (message.type === "gone") {
        where.textContent = texts.closed;
        state.textContent = "";
        where.classList.add("stage-gone");
      }
    };
    const send = (key) => channel.postMessage({ type: "key", key });
    document.getElementById("back").onclick = () => send("ArrowLeft");
    document.getElementById("next").onclick = () => send("ArrowRight");
    document.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (!["f", "F", "n", "N"].includes(event.key)) {
        send(event.key);
        if ([" ", "PageDown", "PageUp", "Home", "End"].includes(event.key)) event.preventDefault();
      }
    });
    channel.postMessage({ type: "hello" });
  }

  function openNotes() {
    const name = "carc-presenter-notes";
    const notesWindow = window.open("", name, "popup,width=760,height=900");
    if (!notesWindow) return;
    if (!notesWindow.document.getElementById("notes")) {
      const doc = notesWindow.document;
      doc.open();
      doc.write(
        // the words come from Python's catalogue; set as text below, never parsed as markup
        '<!doctype html><html><head><meta charset="utf-8"><title></title>' +
          '</head><body><header><button type="button" id="back"></button>' +
          '<button type="button" id="next"></button><span class="where" id="where"></span>' +
          '<span class="state" id="state"></span></header><main id="notes"></main>' +
          "<script>(" +
          notesPage.toString() +
          ")(" +
          JSON.stringify(channelName).replace(/</g, "\\u003c") +
          "," +
          JSON.stringify(texts).replace(/</g, "\\u003c") +
          ");<\/script></body></html>",
      );
      doc.close();
      doc.documentElement.lang = texts.lang;
      doc.title = texts.notes;
      doc.getElementById("back").textContent = texts.back;
      doc.getElementById("next").textContent = texts.next;
      const style = doc.createElement("style");
      style.textContent = config.notesCss;
      doc.head.appendChild(style);
    }
    publish();
  }

  const FORWARD = ["ArrowRight", "ArrowDown", "PageDown", " ", "Spacebar", "Enter"];
  const BACK = ["ArrowLeft", "ArrowUp", "PageUp", "Backspace"];

  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return false;
    const key = event.key;
    if (key === "Escape") {
      setBlank(false);
      if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
      return true;
    }
    if (key === "b" || key === "B" || key === ".") {
      setBlank(blank.hidden);
      return true;
    }
    if (key === "f" || key === "F") {
      fullScreen();
      return true;
    }
    if (key === "n" || key === "N") {
      openNotes();
      return true;
    }
    if (!blank.hidden) return FORWARD.includes(key) || BACK.includes(key);
    if (FORWARD.includes(key)) forward();
    else if (BACK.includes(key)) back();
    else if (key === "Home") go(0);
    else if (key === "End") go(last);
    else return false;
    return true;
  }

  function keydown(event) {
    if (event.target && event.target.closest && event.target.closest("button") && event.key === "Enter") {
      return; // Enter on a focused control presses that control
    }
    if (onKey(event)) event.preventDefault();
  }
  document.addEventListener("keydown", keydown);

  // Keys pressed while the page around the stage has the focus reach the stage too.
  let parentWindow = null;
  function parentKeydown(event) {
    if (!window.frameElement || !window.frameElement.isConnected) {
      parentWindow.removeEventListener("keydown", parentKeydown, true);
      return;
    }
    keydown(event);
    event.stopPropagation();
  }
  try {
    if (window.frameElement) {
      parentWindow = window.parent;
      parentWindow.addEventListener("keydown", parentKeydown, true);
    }
  } catch (_error) {
    parentWindow = null;
  }
  window.addEventListener("pagehide", () => {
    if (parentWindow) parentWindow.removeEventListener("keydown", parentKeydown, true);
    if (channel) {
      channel.postMessage({ type: "gone" });
      channel.close();
    }
  });

  if (channel) {
    channel.onmessage = (event) => {
      const message = event.data;
      if (message.type === "hello") publish();
      else if (message.type === "key") onKey({ key: message.key });
    };
  }

  // A control clicked hands the focus back to the stage, so space never presses it again.
  const control = (id, action) => {
    document.getElementById(id).onclick = () => {
      action();
      stage.focus({ preventScroll: true });
    };
  };
  control("carc-notes-button", openNotes);
  control("carc-full-button", fullScreen);
  control("carc-leave-button", leave);
  control("carc-keys-button", () => {
    keysList.hidden = !keysList.hidden;
  });
  window.addEventListener("resize", fit);

  window.carcStage = { lastStepMs: 0, forward, back, frames: frames.length };
  try {
    // Above everything the page draws: the iframe becomes a popover, shown in the top layer.
    const frame = window.frameElement;
    if (frame && frame.showPopover && !frame.matches(":popover-open")) {
      frame.setAttribute("popover", "manual");
      frame.showPopover();
    }
  } catch (_error) {
    // an older browser: the iframe stays an ordinary fixed box
  }
  render();
  stage.focus({ preventScroll: true });
  window.focus();
})();
