// Your history, on your device: each day's result of the Maze of the Day
// kept in localStorage (never sent anywhere but in the play the server
// counts, with the device's random player ID), the streaks and stats read from it, the share text, the
// outbox of plays made offline, and the service worker's registration.
// Every page loads it; play.js and me.js use window.RJM.
(function () {
  'use strict';
  var KEY = 'rjm:history';
  var OUTBOX = 'rjm:outbox';
  var PLAYER = 'rjm:player';
  var SETTINGS = 'rjm:settings';
  var DAY = 24 * 3600 * 1000;
  var DATE = /^\d{4}-\d{2}-\d{2}$/;

  function read(key) {
    try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; }
  }
  function write(key, v) {
    try { localStorage.setItem(key, JSON.stringify(v)); return true; } catch (e) { return false; }
  }

  // today is the player's date now: the day in this device's time zone
  // (the site serves every date that is today somewhere).
  function today() { return localDate(new Date()); }
  function localDate(t) {
    return t.getFullYear() + '-' + String(t.getMonth() + 1).padStart(2, '0') + '-' + String(t.getDate()).padStart(2, '0');
  }
  // untilTomorrow is the time in ms from now to the player's next
  // midnight, when the next maze of the day opens.
  function untilTomorrow(now) {
    now = now || new Date();
    return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - now.getTime();
  }
  // dayAfter and dayBefore step a date (YYYY-MM-DD) by one day.
  function dayAfter(date) { return new Date(Date.parse(date + 'T00:00:00Z') + DAY).toISOString().slice(0, 10); }
  function dayBefore(date) { return new Date(Date.parse(date + 'T00:00:00Z') - DAY).toISOString().slice(0, 10); }

  function num(v, lo, hi) { return typeof v === 'number' && isFinite(v) && v >= lo && v <= hi; }

  // clean returns a day's record with only the fields the history keeps,
  // or null when it is not one.
  function clean(d) {
    if (!d || typeof d !== 'object' || typeof d.date !== 'string' || !DATE.test(d.date)) { return null; }
    var c = {
      date: d.date, maze: typeof d.maze === 'string' ? d.maze.slice(0, 2000) : '',
      par: num(d.par, 0, 10000) ? d.par : 0, solved: d.solved === true, onDay: d.solved === true && d.onDay === true,
      shown: d.shown === true, gaveUp: d.gaveUp === true && d.solved !== true, moves: num(d.moves, 0, 10000) ? d.moves : 0,
      seconds: num(d.seconds, 0, 7 * 24 * 3600) ? d.seconds : 0, hints: num(d.hints, 0, 10000) ? d.hints : 0,
      undos: num(d.undos, 0, 100000) ? d.undos : 0, restarts: num(d.restarts, 0, 100000) ? d.restarts : 0
    };
    if (typeof d.at === 'string' && d.at.length <= 40) { c.at = d.at; }
    return c;
  }

  // load returns the history: {version: 1, days: {DATE: day}}.
  function load() {
    var h = read(KEY);
    var out = { version: 1, days: {} };
    if (h && h.days && typeof h.days === 'object') {
      Object.keys(h.days).forEach(function (k) {
        var d = clean(h.days[k]);
        if (d && d.date === k) { out.days[k] = d; }
      });
    }
    return out;
  }

  // better says whether day a should replace b: a solve over none, a solve
  // on its date over a later one, else the first solve is kept; of days
  // not solved, one that ended (given up, or its solution shown) over one
  // merely played, else the first ending is kept. A day given up is not
  // solved: it never counts toward a streak (onDay needs a solve).
  function better(a, b) {
    if (!b) { return true; }
    if (a.solved !== b.solved) { return a.solved; }
    if (a.solved) { return a.onDay && !b.onDay; }
    return (a.shown || a.gaveUp) && !(b.shown || b.gaveUp);
  }

  // record keeps a day's result; a solved day is never undone by a later
  // unsolved game (a restart, a solution shown).
  function record(d) {
    d = clean(d);
    if (!d) { return load(); }
    var h = load();
    if (better(d, h.days[d.date])) {
      h.days[d.date] = d;
      write(KEY, h);
    }
    return h;
  }

  // streaks counts days solved on their own date: the current run (up to
  // today, or up to yesterday while today is still open) and the best.
  function streaks(h, now) {
    now = now || today();
    var on = {};
    Object.keys(h.days).forEach(function (k) { if (h.days[k].onDay) { on[k] = true; } });
    var best = 0;
    Object.keys(on).forEach(function (k) {
      if (on[dayBefore(k)]) { return; } // not the first day of a run
      var n = 0;
      for (var d = k; on[d]; d = new Date(Date.parse(d + 'T00:00:00Z') + DAY).toISOString().slice(0, 10)) { n++; }
      best = Math.max(best, n);
    });
    var current = 0;
    var d = on[now] ? now : dayBefore(now);
    for (; on[d]; d = dayBefore(d)) { current++; }
    return { current: current, best: best };
  }

  // summary is what the stats panel shows.
  function summary(h, now) {
    var s = { played: 0, solved: 0, assisted: 0, over: [0, 0, 0, 0, 0, 0] };
    Object.keys(h.days).forEach(function (k) {
      var d = h.days[k];
      s.played++;
      if (!d.solved) { return; }
      s.solved++;
      if (d.hints > 0) { s.assisted++; }
      s.over[Math.min(Math.max(d.moves - d.par, 0), 5)]++;
    });
    var st = streaks(h, now);
    s.current = st.current;
    s.best = st.best;
    return s;
  }

  function el(tag, text, attrs) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) { e.textContent = text; }
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    return e;
  }

  // renderStats fills box with the stats panel: the figures, with the
  // current streak in data-streak, and the distribution of moves over par.
  function renderStats(box, h) {
    h = h || load();
    var s = summary(h);
    box.textContent = '';
    var dl = el('dl', null, { 'class': 'figures' });
    [['Played', s.played, 'played'], ['Solved', s.solved, 'solved'], ['Streak', s.current, 'streak'], ['Best streak', s.best, 'best']].forEach(function (f) {
      var div = el('div');
      div.appendChild(el('dt', f[0]));
      var dd = el('dd', String(f[1]));
      dd.setAttribute('data-' + f[2], String(f[1]));
      div.appendChild(dd);
      dl.appendChild(div);
    });
    box.appendChild(dl);
    if (s.solved === 0) {
      box.appendChild(el('p', 'No day solved yet: solve a maze of the day on its date to start a streak.'));
      return;
    }
    box.appendChild(el('h3', 'Moves over par', { id: 'dist-title' }));
    var ul = el('ul', null, { 'class': 'dist', 'aria-labelledby': 'dist-title' });
    var most = Math.max.apply(null, s.over) || 1;
    s.over.forEach(function (n, k) {
      var li = el('li');
      var label = k === 0 ? 'par' : (k === 5 ? '+5 or more' : '+' + k);
      li.appendChild(el('span', label));
      var bar = el('span', String(n), { 'class': 'barline', 'data-over': String(k) });
      bar.classList.add('w' + Math.round(10 * n / most));
      li.appendChild(bar);
      ul.appendChild(li);
    });
    box.appendChild(ul);
    if (s.assisted > 0) { box.appendChild(el('p', s.assisted + (s.assisted === 1 ? ' solved day was' : ' solved days were') + ' assisted by hints.')); }
  }

  // exportText is the history as a JSON file's text.
  function exportText() {
    var h = load();
    var days = Object.keys(h.days).sort().map(function (k) { return h.days[k]; });
    return JSON.stringify({ app: 'rjm', kind: 'history', version: 1, exported: new Date().toISOString(), days: days }, null, 1) + '\n';
  }

  // importText merges a file made by exportText into the history and
  // returns the number of days it brought; it throws on a file that is
  // not one.
  function importText(text) {
    var v = JSON.parse(text);
    if (!v || v.app !== 'rjm' || v.kind !== 'history' || !Array.isArray(v.days)) {
      throw new Error('this is not an rjm history file');
    }
    var h = load();
    var n = 0;
    v.days.forEach(function (raw) {
      var d = clean(raw);
      if (d && better(d, h.days[d.date])) { h.days[d.date] = d; n++; }
    });
    if (!write(KEY, h)) { throw new Error('this browser does not allow storage'); }
    return n;
  }

  // clock writes ms as the page's clock shows it: m:ss, h:mm:ss from an
  // hour, the seconds rounded down.
  function clock(ms) {
    var s = Math.floor(Math.max(0, ms) / 1000);
    var m = Math.floor(s / 60);
    if (m >= 60) { return Math.floor(m / 60) + ':' + String(m % 60).padStart(2, '0') + ':' + String(s % 60).padStart(2, '0'); }
    return m + ':' + String(s % 60).padStart(2, '0');
  }

  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }

  // accountWords tells a game's account beyond its moves and time: its
  // hints ("no hints" when none), and its undos and restarts when any.
  function accountWords(a) {
    var w = [a.hints > 0 ? plural(a.hints, 'hint') : 'no hints'];
    if (a.undos > 0) { w.push(plural(a.undos, 'undo')); }
    if (a.restarts > 0) { w.push(plural(a.restarts, 'restart')); }
    return w;
  }

  // shareSquares is at most two rows of at most shareRow squares for a
  // game of g.moves moves: one a move while they fit, else one for every
  // few moves (per, said in the summary line). A square is green for
  // moves within par (blue in the colour-blind palette), orange when it
  // holds a move beyond par, a light bulb when it holds a move made after
  // a hint.
  var shareRow = 10;
  function shareSquares(g) {
    var per = Math.max(1, Math.ceil(g.moves / (2 * shareRow)));
    var hinted = {};
    (g.hinted || []).forEach(function (i) { hinted[i] = true; });
    var squares = [];
    for (var i = 0; i < g.moves; i += per) {
      var hint = false, extra = false;
      for (var j = i; j < Math.min(i + per, g.moves); j++) {
        hint = hint || !!hinted[j];
        extra = extra || j >= g.par;
      }
      squares.push(hint ? '\uD83D\uDCA1' : extra ? '\uD83D\uDFE7' : g.colourblind ? '\uD83D\uDFE6' : '\uD83D\uDFE9');
    }
    var rows = squares.length > shareRow ? [squares.slice(0, Math.ceil(squares.length / 2)), squares.slice(Math.ceil(squares.length / 2))] : [squares];
    return { per: per, rows: rows.map(function (r) { return r.join(''); }) };
  }

  // shareText tells how a game went without giving it away: the day (or
  // the board's size) and the variant's rules if any, then a summary
  // line (the moves against par, the time, the hints, undos and
  // restarts, the streak), at most two rows of squares (shareSquares),
  // and the maze's link (g.url) when given. Never a direction or a cell.
  function shareText(g) {
    var head = 'Rook Jumping Maze' + (g.date ? ' of the Day ' + g.date : ' ' + g.rows + '×' + g.cols) + (g.variant ? ' · ' + g.variant : '') + (g.hard ? ' · hard mode' : '');
    var parts = [g.moves + '/' + g.par + ' moves', clock(g.ms)].concat(accountWords({ hints: g.hints || 0, undos: g.undos || 0, restarts: g.restarts || 0 }));
    if (g.date && g.streak > 0) { parts.push('streak ' + g.streak); }
    var sq = shareSquares(g);
    if (sq.per > 1) { parts.push('a square: ' + sq.per + ' moves'); }
    return head + '\n' + parts.join(' · ') + '\n' + sq.rows.join('\n') + (g.url ? '\n' + g.url : '');
  }

  // clientID makes a play's ID: 16 random bytes, URL-safe base64 (22
  // characters of A-Z a-z 0-9 _ -).
  function clientID() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return btoa(String.fromCharCode.apply(null, b)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  // playerID returns the device's player ID, made once (like a play's
  // ID, 16 random bytes) and kept in localStorage, so that the server can
  // tell a strong player from a hard maze; it names no person. Without
  // storage there is none (''), and plays go without it.
  function playerID() {
    var id = read(PLAYER);
    if (typeof id === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(id)) { return id; }
    id = clientID();
    return write(PLAYER, id) ? id : '';
  }
  // resetPlayer forgets the player ID: the next play starts a new one.
  function resetPlayer() {
    try { localStorage.removeItem(PLAYER); } catch (e) { /* no storage: nothing kept */ }
    return playerID();
  }

  // The outbox holds plays not yet answered by the server. A play carries
  // its client ID, so sending it again is harmless: the server stores a
  // client ID once.
  function outbox() { var o = read(OUTBOX); return Array.isArray(o) ? o : []; }
  function unqueue(client) { write(OUTBOX, outbox().filter(function (p) { return p.client !== client; })); }

  // token resolves to a token for a play of the maze (GET /api/token), or
  // '' when the server cannot be reached or refuses.
  function token(maze) {
    return fetch('/api/token?maze=' + encodeURIComponent(maze), { credentials: 'omit' })
      .then(function (r) { return r.ok ? r.json() : {}; })
      .then(function (t) { return t.token || ''; }, function () { return ''; });
  }

  // post sends a play with its token: one asked now when it has none, or
  // once again when the server refuses the one it has (expired: a play
  // kept offline for more than a day).
  function post(play, again) {
    if (!play.token) {
      return token(play.maze).then(function (t) {
        if (!t) { return 'queued'; }
        play.token = t;
        return post(play, true);
      });
    }
    return fetch('/api/plays', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(play), keepalive: true, credentials: 'omit' })
      .then(function (r) {
        if (r.ok) { return 'sent'; }
        if (r.status === 403 && !again) { play.token = ''; return post(play, true); }
        // A refusal will not change by sending again; a server busy or
        // down will.
        return r.status >= 500 || r.status === 429 || r.status === 408 ? 'queued' : 'refused';
      }, function () { return 'queued'; });
  }

  var flushing = null;
  // flush sends every play in the outbox, one at a time, and resolves to
  // the number still waiting.
  function flush() {
    if (flushing) { return flushing; }
    var plays = outbox();
    flushing = plays.reduce(function (p, play) {
      return p.then(function (waiting) {
        return post(play).then(function (how) {
          if (how === 'queued') { return waiting + 1; }
          unqueue(play.client);
          return waiting;
        });
      });
    }, Promise.resolve(0)).then(function (n) { flushing = null; return retry(n); });
    return flushing;
  }

  // retry flushes again while plays wait and the browser says it is
  // online (the network may come back a moment after the "online" event),
  // waiting one second, then twice as long each time up to a minute; it
  // tells the page ("rjm:outbox") how many plays still wait.
  var retryDelay = 1000, retryTimer = null;
  function retry(waiting) {
    clearTimeout(retryTimer);
    if (waiting > 0 && navigator.onLine) {
      retryTimer = setTimeout(flush, retryDelay);
      retryDelay = Math.min(2 * retryDelay, 60000);
    } else {
      retryDelay = 1000;
    }
    window.dispatchEvent(new CustomEvent('rjm:outbox', { detail: waiting }));
    return waiting;
  }

  // send queues a play and flushes: it resolves to 'sent', or 'queued'
  // while the server cannot be reached.
  function send(play) {
    if (!play.player) {
      var id = playerID();
      if (id) { play.player = id; }
    }
    var o = outbox().filter(function (p) { return p.client !== play.client; });
    o.push(play);
    if (!write(OUTBOX, o)) {
      // No storage (a private window): send it now, or not at all.
      return post(play);
    }
    return (flushing || Promise.resolve()).then(flush).then(function () {
      return outbox().some(function (p) { return p.client === play.client; }) ? 'queued' : 'sent';
    });
  }

  // settings are the player's, kept on this device: a colour-blind
  // palette, high contrast, and hard mode (no hints, no undo).
  function settings() {
    var s = read(SETTINGS) || {};
    return { colourblind: s.colourblind === true, contrast: s.contrast === true, hard: s.hard === true };
  }
  // applySettings shows the page in the player's palette and contrast
  // (data-palette and data-contrast on the root, read by the style sheet).
  function applySettings(s) {
    var root = document.documentElement;
    if (s.colourblind) { root.setAttribute('data-palette', 'colourblind'); } else { root.removeAttribute('data-palette'); }
    if (s.contrast) { root.setAttribute('data-contrast', 'more'); } else { root.removeAttribute('data-contrast'); }
  }
  function saveSettings(s) {
    write(SETTINGS, { colourblind: !!s.colourblind, contrast: !!s.contrast, hard: !!s.hard });
    applySettings(settings());
  }
  applySettings(settings());

  window.RJM = {
    settings: settings, saveSettings: saveSettings,
    today: today, dayBefore: dayBefore, dayAfter: dayAfter, untilTomorrow: untilTomorrow, accountWords: accountWords, load: load, record: record, streaks: streaks, summary: summary, renderStats: renderStats,
    exportText: exportText, importText: importText, shareText: shareText, clock: clock,
    clientID: clientID, outbox: outbox, flush: flush, send: send, playerID: playerID, resetPlayer: resetPlayer, token: token
  };

  window.addEventListener('online', flush);
  if (outbox().length > 0) { flush(); }
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js').catch(function () { /* no worker: the site works online */ });
  }
}());
