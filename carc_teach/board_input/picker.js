// The board that takes clicks: the page side of carc_teach.board_input.board_picker.
// Python wrote the whole picture (board, targets, labels escaped) and, on the Play page, the
// panel beside it (the decision, its controls, the explanations); this script puts them in the
// page, moves the keyboard focus between the targets and sends back what was picked or pressed:
// as the element's value (a plain picker), or as a message Python answers by drawing into the
// same element again (with a panel: no cell runs, no element is made anew). It loads nothing.

const KEYS = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

// The nearest target from `from` in direction (dx, dy): ahead of it, off the line counted
// double; none ahead: the next (or previous) one in the caller's order.
function nextTarget(targets, from, dx, dy) {
  const x0 = Number(from.dataset.x);
  const y0 = Number(from.dataset.y);
  let best = null;
  let bestCost = Infinity;
  for (const t of targets) {
    if (t === from) continue;
    const ahead = (Number(t.dataset.x) - x0) * dx + (Number(t.dataset.y) - y0) * dy;
    const aside = Math.abs((Number(t.dataset.x) - x0) * dy - (Number(t.dataset.y) - y0) * dx);
    if (ahead <= 0.5) continue;
    const cost = ahead + 2 * aside;
    if (cost < bestCost) {
      bestCost = cost;
      best = t;
    }
  }
  if (best) return best;
  const order = [...targets].sort((a, b) => a.dataset.index - b.dataset.index);
  const i = order.indexOf(from) + (dx + dy > 0 ? 1 : -1);
  return order[(i + order.length) % order.length];
}

function render({ model, el }) {
  // with a panel, answers travel as messages (see picker's _PickerWidget.answer)
  const messages = Boolean(model.get("messages"));
  let count = model.get("n") || 0;
  let targets = [];
  let current = null;
  let board = el;
  let side = null;
  if (messages) {
    const part = (tag, name) => {
      const made = document.createElement(tag);
      if (name) made.className = name;
      return made;
    };
    const layout = part("div", "carc-play");
    const style = part("style");
    style.textContent = model.get("style") || "";
    board = part("div", "carc-play-board");
    side = part("div", "carc-play-side");
    layout.append(style, board, side);
    el.replaceChildren(layout);
  }
  const focused = () => el.getRootNode().activeElement;

  // The picture, drawn again whenever Python sends a new one (the same widget stays on the
  // page between answers: only its picture changes).
  function draw() {
    board.innerHTML = model.get("html");
    targets = Array.from(board.querySelectorAll(".target"));
    current = targets.find((t) => t.getAttribute("tabindex") === "0");
  }
  draw();
  model.on("change:html", () => {
    // keep the keyboard on the board when the picture under it changes
    const onBoard = board.contains(focused());
    draw();
    if (onBoard && current) current.focus();
  });

  // The panel: its controls are plain HTML elements, made again with each answer (a few
  // kilobytes of HTML, no framework); the keyboard stays on the control it was on.
  function drawSide() {
    const was = side.contains(focused()) ? focused().dataset.focus : null;
    side.innerHTML = model.get("side") || "";
    if (!was) return;
    const same = Array.from(side.querySelectorAll("[data-focus]")).filter(
      (c) => c.dataset.focus === was && !c.disabled,
    );
    const back = same.find((c) => c.checked) || same[0] || side.querySelector("[data-focus]");
    if (back) back.focus();
  }
  if (side) {
    drawSide();
    model.on("change:side", drawSide);
  }

  function send(content) {
    // the picture's number: an answer given on a picture Python has since replaced is ignored
    model.send({ ...content, picture: model.get("picture") || 0 });
  }

  function moveTo(target) {
    if (current) current.setAttribute("tabindex", "-1");
    target.setAttribute("tabindex", "0");
    target.focus();
    current = target;
  }

  function pick(target) {
    for (const t of targets) t.classList.remove("picked");
    target.classList.add("picked");
    count += 1;
    if (messages) {
      send({ pick: Number(target.dataset.index) });
      return;
    }
    model.set("pick", Number(target.dataset.index));
    model.set("picture", model.get("picture") || 0);
    model.set("n", count);
    model.save_changes();
  }

  board.addEventListener("click", (event) => {
    const target = event.target.closest(".target");
    if (!target || !board.contains(target)) return;
    moveTo(target);
    pick(target);
  });

  board.addEventListener("keydown", (event) => {
    const target = event.target.closest ? event.target.closest(".target") : null;
    if (!target) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      pick(target);
    } else if (event.key in KEYS) {
      event.preventDefault();
      const [dx, dy] = KEYS[event.key];
      if (targets.length > 1) moveTo(nextTarget(targets, target, dx, dy));
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      const order = [...targets].sort((a, b) => a.dataset.index - b.dataset.index);
      moveTo(event.key === "Home" ? order[0] : order[order.length - 1]);
    }
  });

  if (!side) return;
  // A button says its action (and its value, or the control to read it from); a radio or a
  // list says its own when it changes; an earlier event asks for its explanation when unfolded.
  side.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || !side.contains(button)) return;
    const from = button.dataset.from ? side.querySelector(`[data-name="${button.dataset.from}"]`) : null;
    send({ action: button.dataset.action, value: from ? from.value : button.dataset.value || "" });
  });
  side.addEventListener("change", (event) => {
    const control = event.target;
    if (!control.dataset || !control.dataset.action) return;
    send({ action: control.dataset.action, value: control.value });
  });
  side.addEventListener(
    "toggle",
    (event) => {
      const fold = event.target;
      if (!fold.open || !fold.dataset || fold.dataset.event === undefined) return;
      if (fold.dataset.loaded) return;
      send({ action: "explain", value: fold.dataset.event });
    },
    true,
  );
  model.on("change:explained", () => {
    const told = model.get("explained");
    if (!told) return;
    for (const fold of side.querySelectorAll("details[data-event]")) {
      if (fold.dataset.event !== String(told.event)) continue;
      fold.querySelector(".carc-told").innerHTML = told.html;
      fold.dataset.loaded = "1";
    }
  });
}

export default { render };
