// The Print button of a printable page: the browser's own print dialog. Without scripts the
// button stays hidden (it is shown here) and the browser's menu prints the page the same.
for (const button of document.querySelectorAll("[data-print]")) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
