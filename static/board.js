// Arrow keys move over the board with one tab stop (a roving tabindex);
// Home and End go to the row's ends. The board works without this script.
(() => {
  const grid = document.querySelector('.grid');
  if (!grid) return;
  const sq = [...grid.querySelectorAll('button')];
  const n = Math.round(Math.sqrt(sq.length));
  let start = null;
  for (const b of sq) {
    // Squares stay focusable so that arrows can reach every one.
    if (b.disabled) {
      b.disabled = false;
      b.setAttribute('aria-disabled', 'true');
    } else if (!start) start = b;
    b.tabIndex = -1;
  }
  (start || sq[0]).tabIndex = 0;
  grid.addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (b && b.hasAttribute('aria-disabled')) e.preventDefault();
  });
  grid.addEventListener('keydown', (e) => {
    const i = sq.indexOf(e.target);
    if (i < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    let r = Math.floor(i / n), c = i % n;
    switch (e.key) {
      case 'ArrowLeft': c = Math.max(c - 1, 0); break;
      case 'ArrowRight': c = Math.min(c + 1, n - 1); break;
      case 'ArrowUp': r = Math.max(r - 1, 0); break;
      case 'ArrowDown': r = Math.min(r + 1, n - 1); break;
      case 'Home': c = 0; break;
      case 'End': c = n - 1; break;
      case 'Escape': window.cancel?.click(); return;
      default: return;
    }
    e.preventDefault();
    const t = sq[r * n + c];
    e.target.tabIndex = -1;
    t.tabIndex = 0;
    t.focus();
  });
  const form = document.getElementById('board');
  if (form && form.dataset.sound) {
    form.addEventListener('submit', () => {
      try {
        const a = new AudioContext(), o = a.createOscillator(), g = a.createGain();
        o.frequency.value = 620;
        g.gain.setValueAtTime(0.2, a.currentTime);
        g.gain.exponentialRampToValueAtTime(0.001, a.currentTime + 0.12);
        o.connect(g).connect(a.destination);
        o.start();
        o.stop(a.currentTime + 0.12);
      } catch (_) { /* no sound, no harm */ }
    });
  }
})();
