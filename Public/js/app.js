// Hearth as an app on the phone: registers the service worker (Public/js/service-worker.js),
// gives every form a key made here so a form sent twice is written once, keeps an untouched
// "now" current, and shows the outbox: records waiting to be sent and what became of each.
(function () {
  'use strict';
  var outbox = document.getElementById('outbox');
  var zone = document.documentElement.dataset.timeZone || undefined;
  var lang = document.documentElement.lang || 'en';

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
  }

  // Today's date and the time now in the household's zone, as date and time inputs hold them.
  function nowParts() {
    var parts = {};
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date()).forEach(function (p) { parts[p.type] = p.value; });
    return { date: parts.year + '-' + parts.month + '-' + parts.day, time: parts.hour + ':' + parts.minute };
  }

  // A new record's date and time say "now" until the member changes them; a page kept
  // offline since 14:05 must not date a meal typed at 16:00 to 14:05.
  var touched = new WeakSet();
  document.addEventListener('input', function (event) { touched.add(event.target); }, true);
  function refreshNow(scope) {
    if (document.querySelector('.field-error')) return; // a form sent back with its problems keeps what was typed
    var now = nowParts();
    scope.querySelectorAll('input[data-now]').forEach(function (input) {
      if (!touched.has(input)) input.value = now[input.dataset.now];
    });
  }
  window.addEventListener('pageshow', function () { refreshNow(document); });

  // A form sent back with its problems: the phone lands on the first one, not at the top of a
  // long page (the account form is at the bottom of /accounts).
  var problem = document.querySelector('.field-error');
  if (problem) problem.scrollIntoView({ block: 'center' });

  // Each sending of a form carries a fresh key (and what it is, for the outbox's list).
  document.addEventListener('submit', function (event) {
    var form = event.target;
    // Attributes, not properties: a field named "action" (the dose buttons) shadows form.action.
    if ((form.getAttribute('method') || '').toLowerCase() !== 'post') return;
    refreshNow(form);
    var submitter = event.submitter;
    var viaButton = submitter && submitter.hasAttribute('formaction');
    var target = new URL(viaButton ? submitter.getAttribute('formaction') : form.getAttribute('action') || location.href, location.href);
    if (target.pathname === '/logout') return; // the service worker forgets what it kept on the way out
    target.searchParams.set('idempotency_key', newKey());
    var label = submitter && submitter.textContent.trim();
    target.searchParams.set('what', (whatFor(form) + (label ? ' · ' + label : '')).slice(0, 80));
    if (viaButton) submitter.setAttribute('formaction', target.href);
    else form.setAttribute('action', target.href);
  }, true);

  // What a form is about, for the outbox's list: the person, pet or regimen of the card it
  // sits in ("토리: 심장약 · 줬어요"), else the page's heading ("토리: 식사 · 저장").
  function whatFor(form) {
    var holder = form.closest('li, article');
    var selectors = ['a[href^="/regimens/"]', 'a[href^="/pets/"]', 'a[href^="/people/"]', 'strong', 'h2', 'h3'];
    for (var i = 0; holder && i < selectors.length; i++) {
      var found = holder.querySelector(selectors[i]);
      if (found && found.textContent.trim()) return found.textContent.trim();
    }
    return ((document.querySelector('h1') || {}).textContent || document.title).trim();
  }

  function say(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, name) { return values[name] != null ? values[name] : ''; });
  }

  function clock(iso) {
    return new Intl.DateTimeFormat(lang, { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  }

  // The outbox as the service worker keeps it (it alone opens its database): waiting records and the latest results.
  function readOutbox() {
    return new Promise(function (resolve) {
      var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
      if (!worker) return resolve({ waiting: [], results: [] });
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) { resolve(event.data); };
      worker.postMessage({ type: 'outbox' }, [channel.port2]);
    });
  }

  var shown = [];
  function show() {
    if (!outbox) return;
    var kept = document.querySelector('meta[name="hearth-kept-at"]');
    readOutbox().then(function (state) {
      outbox.textContent = '';
      var d = outbox.dataset;
      if (kept) {
        var stale = line(say(d.asOf, { time: clock(kept.content) }) + ' ', 'kept');
        var again = document.createElement('a');
        again.href = location.href;
        again.textContent = d.reload;
        stale.appendChild(again);
      }
      var notice = document.querySelector('meta[name="hearth-notice"]');
      if (notice) line(notice.content === 'photos-too-big' ? d.photosTooBig : d.notQueued, 'not-queued');
      var waiting = state.waiting || [];
      if (waiting.length) {
        var p = line(waiting.length === 1 ? d.waitingOne : say(d.waiting, { count: waiting.length }), 'waiting');
        var list = document.createElement('ul');
        waiting.sort(function (a, b) { return a.typedAt < b.typedAt ? -1 : 1; }).forEach(function (item) {
          var li = document.createElement('li');
          li.textContent = clock(item.typedAt) + ' ' + item.what;
          list.appendChild(li);
        });
        p.appendChild(list);
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = d.sendNow;
        button.addEventListener('click', flush);
        p.appendChild(button);
      }
      shown = [];
      (state.results || []).filter(function (r) { return !r.seen; }).sort(function (a, b) { return a.typedAt < b.typedAt ? -1 : 1; }).forEach(function (r) {
        var text = r.outcome === 'sent' ? '✓ ' + d.sent + ': ' + r.what
          : r.outcome === 'signed-out' ? '✕ ' + r.what + ' — ' + d.signedOut
          : '✕ ' + r.what + ' — ' + say(d.refused, { message: r.message });
        line(text, r.outcome);
        shown.push(r.key);
      });
      outbox.hidden = !outbox.firstChild;
    });
  }

  function line(text, kind) {
    var p = document.createElement('p');
    p.className = 'outbox-' + kind;
    p.textContent = text;
    outbox.appendChild(p);
    return p;
  }

  // `/me`'s "get notifications on this device": permission is asked only after the tap; the
  // browser subscribes with the household's key and the subscription goes to the server.
  function pushButton() {
    var form = document.querySelector('form.push-on');
    if (!form || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return;
    form.hidden = false;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      Notification.requestPermission().then(function (answer) {
        if (answer !== 'granted') throw new Error(form.dataset.denied);
        return Promise.all([navigator.serviceWorker.ready, fetch(form.dataset.key, { credentials: 'same-origin' }).then(function (r) { return r.text(); })]);
      }).then(function (both) {
        return both[0].pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(both[1].trim()) });
      }).then(function (subscription) {
        var json = subscription.toJSON();
        form.elements.endpoint.value = json.endpoint;
        form.elements.p256dh.value = json.keys.p256dh;
        form.elements.auth.value = json.keys.auth;
        form.elements.label.value = deviceName();
        form.submit();
      }).catch(function (error) {
        var said = form.querySelector('.problem') || form.appendChild(document.createElement('p'));
        said.className = 'problem';
        said.setAttribute('role', 'alert');
        said.textContent = error.message;
      });
    });
  }
  function bytes(base64url) {
    var text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((base64url.length + 3) % 4));
    return Uint8Array.from(text, function (c) { return c.charCodeAt(0); });
  }
  // "Android · Chrome": enough for a member to tell their devices apart.
  function deviceName() {
    var ua = navigator.userAgent;
    var system = /iPhone/.test(ua) ? 'iPhone' : /iPad/.test(ua) ? 'iPad' : /Android/.test(ua) ? 'Android' : /Mac OS/.test(ua) ? 'Mac' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : '';
    var browser = /Edg\//.test(ua) ? 'Edge' : /SamsungBrowser/.test(ua) ? 'Samsung Internet' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : '';
    return [system, browser].filter(Boolean).join(' · ');
  }

  function flush() {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage({ type: 'flush' });
  }

  var local = location.hostname === 'localhost' || location.hostname === '127.0.0.1' || location.hostname === '[::1]';
  if ('serviceWorker' in navigator && (location.protocol === 'https:' || local)) {
    navigator.serviceWorker.register('/static/js/service-worker.js', { scope: '/' }).catch(function () {});
    navigator.serviceWorker.addEventListener('message', function (event) {
      if (event.data && event.data.type === 'outbox-changed') show();
    });
    // The app opened, or the connection came back: send what waits.
    navigator.serviceWorker.ready.then(flush);
    window.addEventListener('online', flush);
  }
  show();
  pushButton();
  // Results are shown once: those this page showed are marked seen when it is left.
  window.addEventListener('pagehide', function () {
    if (shown.length && navigator.serviceWorker && navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage({ type: 'seen', keys: shown });
  });
})();
