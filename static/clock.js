// A clocked game's page: count the running clock down once a second,
// from the milliseconds it had when the page was made (data-ms), and load
// the page again once it reaches zero, so that the server says how the
// game stands. Only a clock shown as m:ss (data-tick) changes its text;
// a correspondence clock in days and hours stays as the page says it.
// Without this script the page is exact at each load.
(() => {
  const el = document.querySelector('[data-clock][data-running]');
  if (!el) return;
  const start = performance.now();
  const ms = Number(el.dataset.ms);
  // The line says the side, the time and "running" in the page's
  // language; the time is its only m:ss.
  const line = el.querySelector('.line');
  const show = (left) => {
    if (!line || !('tick' in el.dataset)) return;
    const s = Math.floor(Math.max(0, left) / 1000);
    const t = Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
    line.textContent = line.textContent.replace(/\d+:\d\d/, t);
  };
  const step = () => {
    const left = ms - (performance.now() - start);
    show(left);
    if (left <= 0) {
      clearInterval(timer);
      // A little after zero, so that the server's clock has run out too.
      setTimeout(() => location.reload(), 300);
    }
  };
  const timer = setInterval(step, 1000);
  // Reload on time even for a long correspondence clock that never ticks.
  if (!('tick' in el.dataset) && ms < 2 ** 31) setTimeout(step, ms);
})();
