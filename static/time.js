// Says the times a page gives in UTC in the visitor's own time zone,
// which only the browser knows. Each <time datetime> with data-local
// holds the sentence to say, from the page's catalogue, with {} where the
// time goes; the browser words the time for the page's language. Without
// this script the sentence in UTC stays, saying "UTC" once.
(() => {
  const lang = document.documentElement.lang;
  for (const t of document.querySelectorAll('time[datetime][data-local]')) {
    const d = new Date(t.dateTime);
    if (isNaN(d)) continue;
    t.textContent = t.dataset.local.replace('{}', d.toLocaleString(lang, {day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit'}));
  }
})();
