// Applies the saved or system colour theme before the first paint (no flash of the wrong theme).
// Kept in sync with src/lib/theme.ts (same storage key and values).
(function () {
  var dark = false;
  try {
    var saved = localStorage.getItem('recell-theme');
    dark = saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch (e) {
    // storage or matchMedia unavailable: light theme
  }
  document.documentElement.classList.toggle('dark', dark);
})();
