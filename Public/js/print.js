// The report's Print button (hidden without scripts: the browser's own print works), and
// `?print=1`, where the server had no Chromium to make the PDF: the browser prints instead.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
if (document.querySelector("[data-autoprint]")) window.addEventListener("load", () => window.print());
