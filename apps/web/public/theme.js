/* global window, document */
// Applies the saved or system colour theme before the first paint (no flash of the wrong theme).
// An external file because the Content-Security-Policy allows no inline script.
// Kept in sync with src/lib/theme.ts (same storage key and values).
(function () {
  var dark = false;
  try {
    var saved = localStorage.getItem('recell-theme');
    dark = saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch {
    // storage or matchMedia unavailable: light theme
  }
  document.documentElement.classList.toggle('dark', dark);
})();
