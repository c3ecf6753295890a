// Runs before the app's CSS paints: applies the saved theme ('light' | 'dark' in localStorage
// key 'theme') or, when none is saved, the system preference. Kept in a file because the
// Content-Security-Policy allows no inline script.
(function () {
  var saved = null;
  try {
    saved = window.localStorage.getItem("theme");
  } catch {
    // Storage can be disabled (privacy modes); fall back to the system preference.
  }
  var dark = saved === "dark" || (saved !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  var root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
})();
