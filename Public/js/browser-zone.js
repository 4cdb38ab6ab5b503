// Set-up: the server guessed the zone from the browser's language; the browser knows its own.
// On the first showing of the form (not after a refusal, where the member may have chosen),
// the browser's zone is selected when the list has it.
const select = document.querySelector("select[data-browser-zone]");
if (select && !document.querySelector(".field-error")) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const option = zone && Array.from(select.options).find((o) => o.value === zone);
  if (option) option.selected = true;
}
