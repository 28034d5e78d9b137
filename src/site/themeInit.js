// Loaded by every page as a blocking script in <head>, before anything is drawn: it applies the
// reader's saved theme so the wrong one never flashes. The key and values are those pageEnhance.ts
// writes (THEME_KEY); without a saved choice the page follows the system setting.
/* global document, localStorage */
try {
  var theme = localStorage.getItem('uaix-theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
} catch {
  // Storage can be disabled; the system setting applies.
}
