// The import progress page, kept current where scripts run: the figures are polled once a
// second, and when the import has ended the page reloads to show its summary. Without
// scripts the page has a reload link instead.
(function () {
  var section = document.querySelector(".import-progress[data-status]");
  if (!section) return;
  var bar = section.querySelector("progress");
  var percent = section.querySelector(".import-percent");
  var records = section.querySelector(".import-records");
  function poll() {
    fetch(section.dataset.status, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (status) {
        if (!status) return setTimeout(poll, 3000);
        if (status.state !== "running") return window.location.reload();
        bar.value = status.percent;
        bar.textContent = status.percent + "%";
        percent.textContent = status.percent + "%";
        records.textContent = status.records;
        setTimeout(poll, 1000);
      })
      .catch(function () { setTimeout(poll, 3000); });
  }
  setTimeout(poll, 1000);
})();
