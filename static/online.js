// Online games: while waiting for the other player, listen to the game's
// event stream and load the page again when it changes. Without this
// script, the "Check for" link does the same by hand.
(() => {
  const el = document.querySelector('[data-events]');
  if (!el || !window.EventSource) return;
  const es = new EventSource(el.dataset.events);
  es.addEventListener('change', (e) => {
    es.close();
    const next = new URL(e.data, location.href);
    if (next.href === location.href) location.reload();
    else location.assign(next.href);
  });
})();
