// The connect page's trust check: this browser reaches the HTTPS port only if it trusts the
// household's certificate (a certificate merely clicked through does not count for fetch).
(function () {
  'use strict';
  var status = document.getElementById('trust-check');
  if (!status || !status.dataset.check || location.protocol === 'https:') return;
  fetch(status.dataset.check, { credentials: 'include', cache: 'no-store' })
    .then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      status.textContent = '✓ ' + status.dataset.yes + ' ';
      var link = document.createElement('a');
      link.href = status.dataset.https;
      link.textContent = status.dataset.https;
      status.appendChild(link);
      status.classList.add('yes');
    })
    .catch(function () {
      status.textContent = status.dataset.no;
      status.classList.add('no');
    });
})();
