// Hearth's service worker: keeps the shell and the pages a member opened for when the Wi-Fi
// drops, and an outbox of quick records typed without a connection, sent when it returns.
// Every queued form keeps the key app.js gave it, so a form sent twice is written once.
'use strict';

var SHELL = 'hearth-shell-v1';
// Pages are kept for the member who opened them ('hearth-pages-<member>'): on a shared tablet,
// when another member's page is first loaded, the one before's kept pages are forgotten, so a
// member limited to one pet never sees another's pages offline.
var PAGES = 'hearth-pages-';
var MOST_PAGES = 80;
// The pages a phone needs without Wi-Fi whether or not they were opened before: home (also the
// installed app's start address, /?from=app), the day's list, the doses and the emergency page.
// Kept by their path alone, fetched again in the background at most every few minutes.
var EVERYDAY = ['/', '/today', '/doses', '/emergency'];
var EVERYDAY_EVERY = 5 * 60 * 1000;
var everydayAt = {};
// The quick records that may wait on the phone.
var QUICK = [/^\/people\/\d+\/(water|steps|weight)$/, /^\/pets\/\d+\/records$/, /^\/doses\/mark$/];

self.addEventListener('install', function (event) {
  event.waitUntil(
    caches.open(SHELL).then(function (cache) {
      return fetch('/offline', { credentials: 'same-origin' }).then(function (response) {
        return response.clone().text().then(function (html) {
          // The offline page names the stylesheet, scripts and icons by their versioned names.
          var assets = (html.match(/\/static\/[^"'\s)]+/g) || []).filter(function (url, i, all) { return all.indexOf(url) === i; });
          return Promise.all([cache.put('/offline', response), cache.addAll(assets.concat(['/manifest.webmanifest']))]);
        });
      });
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) { return n.indexOf('hearth-shell-') === 0 && n !== SHELL; }).map(function (n) { return caches.delete(n); }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener('fetch', function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.method === 'GET' && url.pathname.indexOf('/static/') === 0) {
    event.respondWith(caches.match(request).then(function (kept) {
      return kept || fetch(request).then(function (response) {
        if (response.ok) { var copy = response.clone(); caches.open(SHELL).then(function (c) { c.put(request, copy); }); }
        return response;
      });
    }));
  } else if (request.method === 'GET' && request.mode === 'navigate') {
    event.respondWith(page(request, url));
  } else if (request.method === 'POST' && request.mode === 'navigate') {
    event.respondWith(url.pathname === '/logout' ? forgetAll().then(function () { return fetch(request); }) : send(request, url));
  }
});

// Network first; a good answer is kept (stamped with when), the kept one shown without a connection.
function page(request, url) {
  return fetch(request).then(function (response) {
    var type = response.headers.get('Content-Type') || '';
    var member = response.headers.get('Hearth-Member');
    if (response.ok && !response.redirected && member && type.indexOf('text/html') === 0 && !/^\/(login|setup|connect|offline)/.test(url.pathname)) {
      var copy = response.clone();
      // An everyday page opened as it is (or as the app opens it) is kept by its path; one that
      // says what a tap just did (?logged=…) is not kept as the page itself.
      var key = everyday(url) ? url.origin + url.pathname : (EVERYDAY.indexOf(url.pathname) >= 0 ? null : request);
      forgetOthers(PAGES + member).then(function () { return key ? keep(PAGES + member, key, copy) : undefined; })
        .then(function () { return keepEveryday(PAGES + member); });
    }
    return response;
  }).catch(function () {
    return keptPages().then(function (cache) {
      if (!cache) return undefined;
      return cache.match(request).then(function (kept) { return kept || (everyday(url) ? cache.match(url.origin + url.pathname) : undefined); });
    }).then(function (kept) {
      if (!kept) return caches.match('/offline');
      return kept.text().then(function (html) {
        var stamp = '<meta name="hearth-kept-at" content="' + kept.headers.get('Hearth-Kept-At') + '">';
        return new Response(html.replace('</head>', stamp + '</head>'), { headers: { 'Content-Type': kept.headers.get('Content-Type') } });
      });
    });
  });
}

// One of the everyday pages, with no query but the app's own `from`.
function everyday(url) {
  if (EVERYDAY.indexOf(url.pathname) < 0) return false;
  var names = Array.from(url.searchParams.keys());
  return names.every(function (name) { return name === 'from'; });
}

function keep(name, key, response) {
  var type = response.headers.get('Content-Type');
  return response.text().then(function (html) {
    return caches.open(name).then(function (cache) {
      return cache.put(key, new Response(html, { headers: { 'Content-Type': type, 'Hearth-Kept-At': new Date().toISOString() } }))
        .then(function () { return trim(cache); });
    });
  });
}

// The everyday pages fetched and kept for the member, so the first time they are needed
// without Wi-Fi (the emergency page at night) they are there.
function keepEveryday(name) {
  if (Date.now() - (everydayAt[name] || 0) < EVERYDAY_EVERY) return Promise.resolve();
  everydayAt[name] = Date.now();
  return Promise.all(EVERYDAY.map(function (path) {
    return fetch(path, { credentials: 'same-origin' }).then(function (response) {
      var member = response.headers.get('Hearth-Member');
      if (response.ok && !response.redirected && member && PAGES + member === name) return keep(name, location.origin + path, response);
    }).catch(function () {});
  }));
}

// The kept pages of every member but `mine` (and those kept before pages were a member's).
function forgetOthers(mine) {
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return (n === 'hearth-pages' || n.indexOf(PAGES) === 0) && n !== mine; }).map(function (n) { return caches.delete(n); }));
  });
}

// The pages of the member last seen on this browser (there is only ever one member's).
function keptPages() {
  return caches.keys().then(function (names) {
    var mine = names.filter(function (n) { return n.indexOf(PAGES) === 0; })[0];
    return mine ? caches.open(mine) : undefined;
  });
}

function trim(cache) {
  return cache.keys().then(function (keys) {
    return Promise.all(keys.slice(0, Math.max(0, keys.length - MOST_PAGES)).map(function (k) { return cache.delete(k); }));
  });
}

// A form sent: straight on when the server answers. Without a connection (or when the answer
// was lost on the way back) a quick record waits in the outbox with its key and the moment it
// was typed; anything else is said not saved.
function send(request, url) {
  var typedAt = new Date().toISOString();
  var back = request.referrer || '/';
  var quick = QUICK.some(function (pattern) { return pattern.test(url.pathname); }) && url.searchParams.get('idempotency_key');
  // Only a quick record's body is read here (a form of twenty photos goes straight through).
  if (!quick) return fetch(request).catch(function () { return notice('not-queued'); });
  var body = request.clone().arrayBuffer();
  return fetch(request).catch(function () {
    return body.then(function (bytes) {
      return roomFor(bytes.byteLength).then(function (room) {
        if (!room) return notice('photos-too-big');
        return put('waiting', {
          key: quick, url: url.pathname + url.search, typedAt: typedAt,
          what: url.searchParams.get('what') || url.pathname, contentType: request.headers.get('Content-Type'), body: bytes
        }).then(function () {
          if (self.registration.sync) self.registration.sync.register('hearth-outbox').catch(function () {});
          tell();
          return Response.redirect(back, 303);
        });
      });
    });
  });
}

// Within the browser's quota, with a margin: photos wait only when they fit.
function roomFor(bytes) {
  if (!navigator.storage || !navigator.storage.estimate) return Promise.resolve(bytes < 5e6);
  return navigator.storage.estimate().then(function (e) { return e.usage + bytes < e.quota * 0.8; });
}

// Why nothing waits, on the offline page (with no connection there is no server to draw
// the page the form came from).
function notice(reason) {
  return caches.match('/offline').then(function (offline) {
    return offline.text().then(function (html) {
      var flag = '<meta name="hearth-notice" content="' + reason + '">';
      return new Response(html.replace('</head>', flag + '</head>'), { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    });
  });
}

var sending = null;
function flush() {
  if (sending) return sending;
  sending = all('waiting').then(function (items) {
    items.sort(function (a, b) { return a.typedAt < b.typedAt ? -1 : 1; });
    return items.reduce(function (previous, item) {
      return previous.then(function (goOn) { return goOn && sendOne(item); });
    }, Promise.resolve(true));
  }).finally(function () { sending = null; tell(); });
  return sending;
}

// Resolves true to go on with the next, false when the connection is still gone.
function sendOne(item) {
  return fetch(item.url, {
    method: 'POST', body: item.body, credentials: 'same-origin', redirect: 'manual',
    headers: { 'Content-Type': item.contentType, 'Hearth-Typed-At': item.typedAt, 'Accept': 'text/html' }
  }).then(function (response) {
    if (response.type === 'opaqueredirect' || response.ok) return done(item, 'sent', '');
    return response.text().then(function (html) {
      if (response.status === 403) return done(item, 'signed-out', '');
      return done(item, 'refused', problem(html) || String(response.status));
    });
  }, function () { return false; });
}

// The page's first alert: "was already marked: given by 엄마 at 08:05", or a field's problem.
function problem(html) {
  var match = html.match(/role="alert"[^>]*>([\s\S]*?)<\/(?:p|div)>/);
  return match ? match[1].replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").trim() : '';
}

function done(item, outcome, message) {
  return put('results', { key: item.key, what: item.what, typedAt: item.typedAt, outcome: outcome, message: message, seen: false })
    .then(function () { return remove('waiting', item.key); })
    .then(function () { return true; });
}

function tell() {
  self.clients.matchAll({ type: 'window' }).then(function (clients) {
    clients.forEach(function (client) { client.postMessage({ type: 'outbox-changed' }); });
  });
}

function forgetAll() {
  return caches.keys().then(function (names) { return Promise.all(names.map(function (n) { return caches.delete(n); })); })
    .then(function () { return new Promise(function (resolve) { var r = indexedDB.deleteDatabase('hearth-outbox'); r.onsuccess = r.onerror = r.onblocked = resolve; }); });
}

self.addEventListener('message', function (event) {
  var type = event.data && event.data.type;
  if (type === 'flush') event.waitUntil(flush());
  // A page asks what waits and what became of it (without the bodies: photos stay here).
  if (type === 'outbox') event.waitUntil(Promise.all([all('waiting'), all('results')]).then(function (found) {
    var waiting = found[0].map(function (item) { return { key: item.key, what: item.what, typedAt: item.typedAt }; });
    event.ports[0].postMessage({ waiting: waiting, results: found[1] });
  }));
  if (type === 'seen') event.waitUntil(all('results').then(function (results) {
    var keys = event.data.keys || [];
    return Promise.all(results.filter(function (r) { return keys.indexOf(r.key) >= 0; }).map(function (r) { return remove('results', r.key); }));
  }));
});

self.addEventListener('sync', function (event) {
  if (event.tag === 'hearth-outbox') event.waitUntil(flush());
});

// IndexedDB, the few calls the outbox needs.
function db() {
  return new Promise(function (resolve, reject) {
    var open = indexedDB.open('hearth-outbox', 1);
    open.onupgradeneeded = function () {
      open.result.createObjectStore('waiting', { keyPath: 'key' });
      open.result.createObjectStore('results', { keyPath: 'key' });
    };
    open.onsuccess = function () { resolve(open.result); };
    open.onerror = function () { reject(open.error); };
  });
}
function store(name, mode, work) {
  return db().then(function (d) {
    return new Promise(function (resolve, reject) {
      var tx = d.transaction(name, mode), result;
      var request = work(tx.objectStore(name));
      if (request) request.onsuccess = function () { result = request.result; };
      tx.oncomplete = function () { d.close(); resolve(result); };
      tx.onerror = function () { d.close(); reject(tx.error); };
    });
  });
}
function put(name, value) { return store(name, 'readwrite', function (s) { return s.put(value); }); }
function remove(name, key) { return store(name, 'readwrite', function (s) { return s.delete(key); }); }
function all(name) { return store(name, 'readonly', function (s) { return s.getAll(); }); }

// Web Push (issue 43): a message from Hearth is JSON {title, body, url, tag}; a repeat with the
// same tag replaces the earlier notification; a tap opens its page.
// A reminder pushed by Hearth: {title, body, url, tag, actions: [{action, title, url}]}.
// Android and desktop show the actions as buttons ("줬어요", "10분 뒤"); iOS shows none, and a
// tap opens `url`, the dose with its one button.
self.addEventListener('push', function (event) {
  var message = {};
  try { message = event.data ? event.data.json() : {}; } catch (e) { message = { body: event.data ? event.data.text() : '' }; }
  var actions = Array.isArray(message.actions) ? message.actions : [];
  event.waitUntil(self.registration.showNotification(message.title || 'Hearth', {
    body: message.body || '', tag: message.tag, renotify: !!message.tag, requireInteraction: actions.length > 0,
    data: { url: message.url || '/', actions: actions },
    actions: actions.map(function (a) { return { action: a.action, title: a.title }; }),
    icon: '/static/icons/icon-192.png'
  }));
});
// A button posts its one-use address (the answer is recorded on the server, as if tapped on the
// page) and says what happened; a tap elsewhere opens the page.
self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var data = event.notification.data || {};
  var chosen = (data.actions || []).filter(function (a) { return a.action === event.action; })[0];
  if (event.action && chosen) {
    event.waitUntil(fetch(chosen.url, { method: 'POST', credentials: 'same-origin' }).then(function (response) {
      return response.text().then(function (html) {
        var said = /role="status">([^<]*)</.exec(html);
        return self.registration.showNotification(event.notification.title, { body: said ? said[1] : String(response.status), tag: event.notification.tag });
      });
    }).catch(function () {
      // Offline: open the dose instead, where the outbox keeps the mark.
      return self.clients.openWindow(data.url || '/');
    }));
    return;
  }
  var url = data.url || '/';
  event.waitUntil(self.clients.matchAll({ type: 'window' }).then(function (windows) {
    for (var i = 0; i < windows.length; i++) if ('focus' in windows[i]) return windows[i].navigate(url).then(function (w) { return w && w.focus(); });
    return self.clients.openWindow(url);
  }));
});
