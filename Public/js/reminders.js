// Reminders in the page (the home page and the dose page): the dose list is fetched again
// each minute, and at the moment the next dose falls due, so everyone sees what others
// marked; when a dose becomes due, a browser notification is raised if the member allowed
// them. Each dose is announced once per browser (remembered in localStorage). Without
// scripts the page still lists the doses; it only does not refresh itself.
(function () {
  var section = document.querySelector("[data-doses]");
  if (!section) return;
  var list = section.querySelector("ul.dose-list");
  var ask = section.querySelector(".notify-ask");
  var state = section.querySelector(".notify-state");
  var canNotify = "Notification" in window;
  var storeKey = "hearth-notified";

  function announced() {
    try { return JSON.parse(localStorage.getItem(storeKey) || "{}"); } catch (e) { return {}; }
  }

  function remember(seen) {
    // Keep two days of keys: a dose key holds its day.
    var cutoff = Date.now() - 2 * 86400 * 1000;
    Object.keys(seen).forEach(function (key) { if (seen[key] < cutoff) delete seen[key]; });
    try { localStorage.setItem(storeKey, JSON.stringify(seen)); } catch (e) {}
  }

  function showPermission() {
    if (!canNotify || !ask) return;
    ask.hidden = false;
    var button = ask.querySelector("button");
    if (Notification.permission === "granted") {
      button.hidden = true;
      state.textContent = section.dataset.notifyOn || "";
    } else if (Notification.permission === "denied") {
      button.hidden = true;
      state.textContent = section.dataset.notifyBlocked || "";
    }
  }

  function announceDue() {
    if (!canNotify || Notification.permission !== "granted" || !list) return;
    var seen = announced();
    list.querySelectorAll('li[data-state="due"]').forEach(function (item) {
      var key = item.dataset.dose;
      if (seen[key]) return;
      seen[key] = Date.now();
      var shown = new Notification(section.dataset.notifyTitle || "Hearth", { body: item.dataset.text, tag: key });
      // A tap brings this page forward at the dose, its buttons beside it.
      shown.onclick = function () { window.focus(); item.scrollIntoView({ block: "center" }); shown.close(); };
    });
    remember(seen);
  }

  var timer = null;
  function schedule() {
    clearTimeout(timer);
    var wait = 60000;
    if (list) {
      var now = Date.now() / 1000;
      list.querySelectorAll('li[data-state="later"]').forEach(function (item) {
        var at = Number(item.dataset.at);
        if (at > now) wait = Math.min(wait, (at - now) * 1000 + 1000);
      });
    }
    timer = setTimeout(refresh, wait);
  }

  function refresh() {
    fetch(section.dataset.doses, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html !== null && list) list.innerHTML = html;
        announceDue();
        schedule();
      })
      .catch(schedule);
  }

  if (ask) {
    var button = ask.querySelector("button");
    button.addEventListener("click", function () {
      Notification.requestPermission().then(function () { showPermission(); announceDue(); });
    });
  }
  showPermission();
  announceDue();
  schedule();
})();
