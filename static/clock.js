// A clocked game's page: count the running clock down each second, from
// the milliseconds it had when the page was made (data-ms), and load the
// page again once it reaches zero, so that the server says how the game
// stands. Only a clock shown as m:ss (data-tick) changes its text, and
// only its m:ss, so the words stay in the page's language; a
// correspondence clock in days and hours stays as the page says it.
// Without this script the page is exact at each load.
(() => {
  const el = document.querySelector('[data-clock][data-running]');
  if (!el) return;
  const start = performance.now();
  const ms = Number(el.dataset.ms);
  const tick = 'tick' in el.dataset;
  const line = el.querySelector('.line');
  const step = () => {
    const left = ms - (performance.now() - start);
    if (tick && line) {
      // Whole seconds cut down, as the server shows them.
      const s = Math.floor(Math.max(0, left) / 1000);
      const t = Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
      line.textContent = line.textContent.replace(/\d+:\d\d/, t);
    }
    if (left <= 0) {
      // A little after zero, so that the server's clock has run out too.
      setTimeout(() => location.reload(), 300);
      return;
    }
    // Next just past the coming whole second (or at zero, for a clock
    // that does not tick; a timer waits at most about 24 days).
    setTimeout(step, tick ? left % 1000 + 1 : Math.min(left + 1, 2 ** 31 - 1));
  };
  step();
})();
