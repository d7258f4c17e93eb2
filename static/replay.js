// On a replay, the left and right arrow keys step back and forward, and
// Home and End go to the start and the end: they follow the page's links.
(() => {
  const steps = document.getElementById('steps');
  if (!steps) return;
  const rel = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };
  document.addEventListener('keydown', (e) => {
    if (!rel[e.key] || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.target.closest && e.target.closest('input, textarea, select, button, summary')) return;
    const a = steps.querySelector('a[rel="' + rel[e.key] + '"]');
    if (!a) return;
    e.preventDefault();
    location.href = a.href;
  });
})();
