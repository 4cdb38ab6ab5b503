// The Print button of a printable page: the browser's own print dialog. Without scripts the
// button stays hidden (it is shown here) and the browser's menu prints the page the same.
for (const button of document.querySelectorAll("[data-print]")) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
// A report opened with `?print=1` (the server had no Chromium to make its PDF) prints at once.
if (document.querySelector("[data-autoprint]")) window.addEventListener("load", () => window.print());
