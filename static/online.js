// Online games: while waiting for the other player, listen to the game's
// event stream and load the page again when it changes. Without this
// script, the "Check for" link does the same by hand. The invite link
// gets a Copy button. Its words come from the page: the data-copy,
// data-copied and data-copy-failed attributes of the link's paragraph.
(() => {
  const link = document.getElementById('invite-link');
  const words = link ? link.parentElement.dataset : {};
  if (link && navigator.clipboard && words.copy) {
    const b = document.createElement('button');
    const said = document.createElement('span');
    b.type = 'button';
    b.textContent = words.copy;
    said.setAttribute('role', 'status');
    b.addEventListener('click', () => {
      navigator.clipboard.writeText(link.value).then(
        () => { said.textContent = ' ' + words.copied; },
        () => { link.select(); said.textContent = ' ' + words.copyFailed; });
    });
    const p = document.createElement('p');
    p.append(b, said);
    link.parentElement.after(p);
  }
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
