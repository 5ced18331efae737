// The board that takes clicks: the page side of carc_teach.board_input.board_picker.
// Python wrote the whole picture (board, targets, labels escaped); this script puts it in the
// page, moves the keyboard focus between the targets and sends back the number of the target
// picked and how many picks there have been. It loads nothing.

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
  let count = model.get("n") || 0;
  let targets = [];
  let current = null;

  // The picture, drawn again whenever Python sends a new one (the same widget stays on the
  // page between answers: only its picture changes).
  function draw() {
    el.innerHTML = model.get("html");
    targets = Array.from(el.querySelectorAll(".target"));
    current = targets.find((t) => t.getAttribute("tabindex") === "0");
  }
  draw();
  model.on("change:html", () => {
    // keep the keyboard on the board when the picture under it changes
    const focused = el.contains(el.getRootNode().activeElement);
    draw();
    if (focused && current) current.focus();
  });

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
    // the picture's number: a pick on a picture Python has since replaced is ignored there
    model.set("pick", Number(target.dataset.index));
    model.set("picture", model.get("picture") || 0);
    model.set("n", count);
    model.save_changes();
  }

  el.addEventListener("click", (event) => {
    const target = event.target.closest(".target");
    if (!target || !el.contains(target)) return;
    moveTo(target);
    pick(target);
  });

  el.addEventListener("keydown", (event) => {
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
}

export default { render };
