// Your stats (/me) and the archive's marks, read from your history on this
// device (history.js): the panel, the list of your days, export to a JSON
// file and import from one.
(function () {
  'use strict';
  var RJM = window.RJM;
  var $ = function (id) { return document.getElementById(id); };

  // The archive: the days past where the player is (the device's date,
  // when its clock agrees with the server's about the date in UTC; else
  // the server's), today's maze as the player's today, and the marks of
  // the days you solved or played.
  var link = $('archive-today');
  if (link) {
    var utc = link.getAttribute('data-today');
    var mine = new Date().toISOString().slice(0, 10) === utc ? RJM.today() : utc;
    link.href = mine === utc ? '/' : '/d/' + mine;
    link.querySelector('.date').textContent = mine;
    document.querySelectorAll('#archive tr[data-date]').forEach(function (tr) {
      tr.hidden = tr.getAttribute('data-date') >= mine;
    });
  }
  var archive = $('archive');
  if (archive) {
    var days = RJM.load().days;
    archive.querySelectorAll('tr[data-date]').forEach(function (tr) {
      var d = days[tr.getAttribute('data-date')];
      var cell = tr.querySelector('.mine');
      if (!d || !cell) { return; }
      tr.setAttribute('data-mine', d.solved ? 'solved' : 'played');
      cell.textContent = d.solved ? '✓ ' + d.moves + '/' + d.par : (d.gaveUp ? 'gave up' : d.shown ? 'shown' : 'played');
    });
    return;
  }

  var box = document.querySelector('#stats [data-stats]');
  if (!box) { return; }

  function show() {
    var h = RJM.load();
    RJM.renderStats(box, h);
    var dates = Object.keys(h.days).sort().reverse();
    var list = $('days');
    if (dates.length === 0) { return; }
    var table = document.createElement('table');
    table.className = 'history';
    var head = table.createTHead().insertRow();
    ['Date', 'Solved', 'Moves', 'Time', 'Hints', 'Undos · restarts'].forEach(function (t) {
      var th = document.createElement('th');
      th.scope = 'col';
      th.textContent = t;
      head.appendChild(th);
    });
    var body = table.createTBody();
    dates.forEach(function (date) {
      var d = h.days[date];
      var tr = body.insertRow();
      tr.setAttribute('data-date', date);
      var a = document.createElement('a');
      a.href = '/d/' + date;
      a.textContent = date;
      tr.insertCell().appendChild(a);
      tr.insertCell().textContent = d.solved ? (d.onDay ? 'on the day' : 'later') : (d.gaveUp ? 'no (gave up)' : d.shown ? 'no (solution shown)' : 'no');
      // A day solved or given up shows the player's own moves, time and
      // hints, as the game's end showed them; a solution shown, none.
      var own = d.solved || d.gaveUp;
      tr.insertCell().textContent = own ? d.moves + '/' + d.par : '–';
      tr.insertCell().textContent = own ? RJM.clock(d.seconds * 1000) : '–';
      tr.insertCell().textContent = own ? String(d.hints) : '–';
      tr.insertCell().textContent = own ? d.undos + ' · ' + d.restarts : '–';
    });
    list.textContent = '';
    list.className = 'scroll';
    list.appendChild(table);
  }

  // Export: the link's address is made when it is followed, so the file
  // holds the history as it is then.
  var url = '';
  $('export').addEventListener('click', function () {
    if (url) { URL.revokeObjectURL(url); }
    url = URL.createObjectURL(new Blob([RJM.exportText()], { type: 'application/json' }));
    this.href = url;
    this.download = 'rjm-history-' + RJM.today() + '.json';
  });
  $('import-file').addEventListener('change', function () {
    var file = this.files && this.files[0];
    var status = $('transfer-status');
    if (!file) { return; }
    file.text().then(function (text) {
      var n = RJM.importText(text);
      status.textContent = 'Imported ' + n + (n === 1 ? ' day' : ' days') + ' from ' + file.name + '.';
      show();
    }).catch(function (e) {
      status.textContent = 'Not imported: ' + e.message + '.';
    });
    this.value = '';
  });
  // The player ID: shown, and reset on request.
  $('player-id').textContent = RJM.playerID() || 'none (this browser keeps no storage)';
  $('player-reset').addEventListener('click', function () {
    $('player-id').textContent = RJM.resetPlayer() || 'none (this browser keeps no storage)';
    $('player-status').textContent = 'A new player ID: your next plays count as a new player.';
  });
  show();
}());
