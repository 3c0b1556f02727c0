// Click a card or a page for it at full size (a card with its back); the open one is kept in
// the address (#card-…) so it opens again after a rebuild reloads the page.
const dialog = document.getElementById("full");
const holder = document.getElementById("full-images");

function openFull(figure) {
  const img = figure.querySelector("img");
  holder.replaceChildren();
  for (const src of [img.dataset.full, img.dataset.back]) {
    if (!src) continue;
    const big = document.createElement("img");
    big.src = src;
    big.alt = img.alt;
    holder.append(big);
  }
  history.replaceState(null, "", "#" + figure.id);
  if (!dialog.open) dialog.showModal();
}

document.addEventListener("click", (event) => {
  const figure = event.target.closest("figure");
  if (figure && figure.id) openFull(figure);
});
dialog.addEventListener("close", () => history.replaceState(null, "", location.pathname));
const reopened = location.hash && document.getElementById(location.hash.slice(1));
if (reopened) openFull(reopened);

// Reload when a newer build has finished (the server counts them).
const shown = Number(document.getElementById("state").dataset.build);
async function poll() {
  try {
    const response = await fetch("/status.json", {cache: "no-store"});
    const status = await response.json();
    if (status.build !== shown) { location.reload(); return; }
  } catch (error) {
    // the watcher stopped or is busy: try again
  }
  setTimeout(poll, 250);
}
setTimeout(poll, 250);
