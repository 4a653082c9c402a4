// Dragging a card (trascinare) with a mouse, a finger or a pen: where it is let go
// decides the move (the table view says what each place means). A tap stays a tap.
//
//   draggable(cardNode, (placeUnderPointer) => ...)

const THRESHOLD_PX = 8;

export function draggable(node, onDrop) {
  node.addEventListener("click", (event) => {
    if (node.dataset.dragged) {
      delete node.dataset.dragged;
      event.stopImmediatePropagation();
    }
  }, true);
  node.addEventListener("pointerdown", (down) => {
    if (down.button !== 0) return;
    let ghost = null;
    const move = (event) => {
      if (!ghost && Math.hypot(event.clientX - down.clientX, event.clientY - down.clientY) < THRESHOLD_PX) return;
      if (!ghost) {
        ghost = node.cloneNode(true);
        ghost.classList.add("drag-ghost");
        document.body.append(ghost);
        node.classList.add("dragging");
      }
      ghost.style.left = `${event.clientX - 20}px`;
      ghost.style.top = `${event.clientY - 30}px`;
    };
    const up = (event) => {
      document.removeEventListener("pointermove", move);
      document.removeEventListener("pointerup", up);
      if (!ghost) return;
      ghost.remove();
      node.classList.remove("dragging");
      node.dataset.dragged = "1";
      setTimeout(() => delete node.dataset.dragged, 0);
      onDrop(document.elementFromPoint(event.clientX, event.clientY));
    };
    document.addEventListener("pointermove", move);
    document.addEventListener("pointerup", up);
  });
}
