// Arrow keys move over the board, one tab stop (a roving tabindex); Home
// and End go to the row's ends. A square that is not a legal move is sent
// in the background and the server's reason shown in a live region. The
// board works without this script.
(() => {
  const grid = document.querySelector('.grid');
  if (!grid) return;
  const sq = [...grid.querySelectorAll('button')];
  const n = Math.round(Math.sqrt(sq.length));
  const form = document.getElementById('board');
  const post = form && form.method === 'post';
  let start = null;
  for (const b of sq) {
    // Squares stay focusable, for the arrows.
    if (b.disabled) {
      b.disabled = false;
      b.setAttribute('aria-disabled', 'true');
    } else if (!start && (!post || b.matches('.lg') || !grid.querySelector('.lg'))) start = b;
    b.tabIndex = -1;
  }
  // A tried square keeps the tab stop and focus.
  const tried = !post && sq.find((b) => b.value === new URLSearchParams(location.search).get(b.name));
  (tried || start || sq[0]).tabIndex = 0;
  if (tried) tried.focus();
  let why = null;
  if (post) {
    why = document.createElement('p');
    why.className = 'msg';
    why.setAttribute('role', 'status');
    form.after(why);
  }
  grid.addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    // The game refuses a square without the ring; a trial takes any.
    const refused = b.hasAttribute('aria-disabled') || (post && grid.querySelector('.lg') && !b.matches('.lg'));
    if (!refused) return;
    e.preventDefault();
    if (!why) return;
    // The server says why; a square it takes after all loads the page.
    const data = new FormData(form);
    data.set('move', b.value);
    fetch(form.action, {method: 'POST', body: new URLSearchParams(data)}).then(async (r) => {
      if (r.ok) { location.assign(r.url); return; }
      const doc = new DOMParser().parseFromString(await r.text(), 'text/html');
      const m = doc.querySelector('.msg');
      why.textContent = m ? m.textContent : '';
    }).catch(() => form.requestSubmit(b));
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
  if (!post) return;
  // While the computer thinks, the status says so.
  form.addEventListener('submit', () => {
    const st = document.getElementById('status');
    if (form.dataset.thinking && st) st.textContent = form.dataset.thinking;
  });
  if (!form.dataset.sound) return;
  // Sounds (no files): a knock per placed disc, a tick per flip, in the
  // order drawn, lower for black.
  let ac = null;
  const tone = (at, f, len) => {
    const o = ac.createOscillator(), g = ac.createGain(), t = ac.currentTime + at;
    o.frequency.value = f;
    g.gain.setValueAtTime(0.0001, ac.currentTime);
    g.gain.setValueAtTime(0.2, t);
    g.gain.exponentialRampToValueAtTime(0.001, t + len);
    o.connect(g).connect(ac.destination);
    o.start(t);
    o.stop(t + len);
  };
  const step = (b) => +((b.className.match(/\bs(\d+)/) || [0, 0])[1]) * 0.12;
  const hi = (b) => b.dataset.disc === 'white';
  try {
    ac = new AudioContext();
    if (ac.state === 'running') {
      for (const b of grid.querySelectorAll('.pl,.yo')) tone(step(b), hi(b) ? 520 : 330, 0.12);
      for (const b of grid.querySelectorAll('.fl')) tone(step(b) + 0.25, hi(b) ? 880 : 660, 0.05);
    }
    form.addEventListener('submit', () => { ac.resume(); tone(0, 440, 0.1); });
  } catch (_) { /* no sound, no harm */ }
})();
