// The player: the maze's nodes and legal moves come from the server (the
// data-game attribute), so this script holds no rule of the game. It
// draws the state on the server-rendered SVG board, takes clicks, taps and
// keys, keeps the game in localStorage, and submits a solved play (through
// history.js's outbox, with a client-made ID, so that a play made offline
// is sent when the network returns), and a game that ended unsolved (the
// player gave up, asked for the solution, or left the page) marked as
// such. A maze of the day's result goes into your history (history.js),
// never to the server.
(function () {
  'use strict';
  var root = document.getElementById('game');
  if (!root) { return; }
  var G = JSON.parse(root.getAttribute('data-game'));
  var RJM = window.RJM;
  // The player's day: the front page (the server's today in UTC) opens
  // the date where the player is, which the site serves as it is today
  // somewhere; unless this device's clock disagrees with the server's
  // about the date in UTC (a clock set wrong, or a page kept from another
  // day), when the server's day stands.
  if (G.date && location.pathname === '/' && new Date().toISOString().slice(0, 10) === G.date && RJM.today() !== G.date) {
    location.replace('/d/' + RJM.today());
    return;
  }
  var board = document.getElementById('board');
  var $ = function (id) { return document.getElementById(id); };
  var SVG = 'http://www.w3.org/2000/svg';
  var NAMES = { N: 'north', S: 'south', W: 'west', E: 'east', NW: 'north-west', NE: 'north-east', SW: 'south-west', SE: 'south-east' };
  var KEYS = {
    ArrowUp: 'N', ArrowDown: 'S', ArrowLeft: 'W', ArrowRight: 'E',
    Home: 'NW', PageUp: 'NE', End: 'SW', PageDown: 'SE', '7': 'NW', '9': 'NE', '1': 'SW', '3': 'SE'
  };

  var EXIT = G.rows * G.cols; // the exit of an exit-ring board
  var cells = {};
  // index returns the cell index of a board element: data-cell="r,c", or
  // the exit ring.
  function index(el) {
    if (el.hasAttribute('data-exit')) { return EXIT; }
    var rc = el.getAttribute('data-cell').split(',');
    return (rc[0] - 1) * G.cols + (rc[1] - 1);
  }
  board.querySelectorAll('[data-cell], [data-exit]').forEach(function (el) {
    cells[index(el)] = el;
    el.setAttribute('data-name', el.getAttribute('aria-label'));
    var shape = el.querySelector('polygon');
    if (shape) { shape.setAttribute('data-width', shape.getAttribute('stroke-width')); }
  });

  // The board is render's drawing: its sizes come with it. size is the
  // size its numbers are drawn at, which the marks below scale with.
  var size = Number(board.getAttribute('data-size')) || 28;
  // Every cell at least 44 CSS pixels wide, as touch targets should be
  // (a board that would be smaller scrolls in its frame instead); within
  // that, fitBoard below sizes the board from the window's width and
  // height.
  var unit = Number(board.getAttribute('data-unit'));
  var vb = board.viewBox && board.viewBox.baseVal;
  if (unit > 0 && vb) { board.style.minWidth = Math.ceil(44 * vb.width / unit) + 'px'; }

  // The cursor outlines the current cell above every cell, so that its
  // heavy border is never hidden by a neighbour's: a copy of the cell's
  // outline.
  var cursor = null;
  function moveCursor(el) {
    if (cursor) { cursor.remove(); cursor = null; }
    var shape = el && el.querySelector('polygon');
    if (!shape) { return; }
    cursor = shape.cloneNode(false);
    cursor.setAttribute('class', 'cursor');
    cursor.setAttribute('stroke-width', 0.12 * size);
    board.appendChild(cursor);
  }

  var storeKey = 'rjm:play:' + G.id + (G.date ? ':' + G.date : '');
  // A game's state. Its account — the time from the first move (started),
  // the hints, the undos and the restarts — is kept here and, across
  // restarts, in carried, carriedHints, carriedUndos and restarts: the
  // win screen, the share, your history and the play posted all read it
  // (attemptMs and the like below), so they never disagree.
  function fresh() { return { path: [G.start], moves: [], redo: [], elapsed: 0, started: false, solved: false, posted: false, hints: 0, undos: 0, restarts: 0, hintAt: -1, hinted: [], shown: false, client: '' }; }
  function load() {
    try {
      var s = JSON.parse(localStorage.getItem(storeKey));
      if (s && Array.isArray(s.path) && s.path.length === s.moves.length + 1 && s.path[0] === G.start &&
          s.path.every(function (u) { return G.nodes[u] !== undefined; })) { return s; }
    } catch (e) { /* no storage, or not ours */ }
    return null;
  }
  var st = load() || fresh();
  if (!Array.isArray(st.hinted)) { st.hinted = []; }
  // A game kept before the clock waited for the first move, or before
  // undos were counted.
  if (typeof st.started !== 'boolean') { st.started = st.moves.length > 0 || st.elapsed > 0; }
  if (typeof st.undos !== 'number') { st.undos = 0; }
  var since = Date.now();
  // A play needs a token the server issues for the maze (GET /api/token):
  // asked when a game starts and kept with the game, so that a play made
  // offline still carries it (history.js asks for one when sending a play
  // that has none).
  function askToken() {
    if (st.token || st.solved) { return; }
    var game = st;
    RJM.token(G.id).then(function (t) { if (t && game === st && !st.token) { st.token = t; save(); } });
  }
  askToken();

  // over says whether the game takes no more moves from the player: won,
  // or given up (its solution then plays on its own).
  function over() { return st.solved || !!st.gaveUp; }
  // The clock runs from the first move (st.started) to the end.
  function elapsed() { return over() || !st.started ? st.elapsed : st.elapsed + (Date.now() - since); }
  function save() {
    if (!over()) { st.elapsed = elapsed(); since = Date.now(); }
    try { localStorage.setItem(storeKey, JSON.stringify(st)); } catch (e) { /* private mode */ }
  }
  function here() { return st.path[st.path.length - 1]; }
  var clock = RJM.clock;
  function where(cell) {
    if (cell === EXIT) { return 'the exit'; }
    return 'row ' + (Math.floor(cell / G.cols) + 1) + ', column ' + (cell % G.cols + 1);
  }
  function notation() { return st.moves.join(G.rook ? '' : ' '); }

  // mark adds a small circle to a cell: a target's dot (top right) or a
  // visited cell's trail (bottom left), so that neither is told by colour
  // alone.
  function mark(el, cls, cx, cy, r) {
    var c = document.createElementNS(SVG, 'circle');
    c.setAttribute('class', cls);
    c.setAttribute('cx', cx);
    c.setAttribute('cy', cy);
    c.setAttribute('r', r);
    el.appendChild(c);
  }

  var hinted = -1; // the cell the last hint pointed to

  function draw() {
    var u = here();
    var moves = over() ? [] : (G.nodes[u].m || []);
    var targets = {};
    moves.forEach(function (m) { targets[G.nodes[m.t].c] = true; });
    var visited = {};
    var steps = {};
    st.path.forEach(function (v, k) {
      var c = G.nodes[v].c;
      visited[c] = true;
      if (st.solved || st.shown) { (steps[c] = steps[c] || []).push(k); }
    });
    Object.keys(cells).forEach(function (i) {
      var el = cells[i];
      var name = el.getAttribute('data-name');
      var cur = Number(i) === G.nodes[u].c;
      el.classList.toggle('visited', !!visited[i] && !cur);
      el.classList.toggle('target', !!targets[i]);
      el.classList.toggle('hinted', hinted === Number(i));
      if (cur) {
        el.setAttribute('aria-current', 'true');
        moveCursor(el);
      } else {
        el.removeAttribute('aria-current');
      }
      el.querySelectorAll('.dot, .trail, .step').forEach(function (d) { d.remove(); });
      el.classList.toggle('end', st.solved && cur);
      var shape = el.querySelector('polygon');
      if (shape) { shape.setAttribute('stroke-width', hinted === Number(i) ? 0.12 * size : shape.getAttribute('data-width')); }
      // The marks sit around the number, whatever the cell's shape.
      var t = el.querySelector('text');
      if (t) {
        var x = Number(t.getAttribute('x')), y = Number(t.getAttribute('y'));
        if (Number(i) === EXIT) { x += 0.6 * size; y += 0.27 * size; }
        if (targets[i]) { mark(el, 'dot', x + 0.3 * size, y - 0.27 * size, 0.09 * size); }
        if (steps[i]) {
          drawSteps(el, Number(i), steps[i]);
        } else if (visited[i] && !cur) { mark(el, 'trail', x - 0.3 * size, y + 0.27 * size, 0.055 * size); }
      }
      el.setAttribute('aria-label', name + (cur && st.solved ? ', the end: solved' : cur ? ', you are here' : '') + (steps[i] ? ', step ' + steps[i].join(' and ') : '') + (visited[i] && !cur ? ', visited' : '') + (targets[i] ? ', can jump here' : ''));
    });
    drawRoutes(st.solved || st.shown ? routesOf(st.path, st.moves) : []);
    $('moves').textContent = st.moves.length;
    $('clock').textContent = clock(attemptMs());
    // Hard mode: no hints and no undo (nor redo), from the first move.
    var hard = st.hard || !st.started && RJM.settings().hard;
    $('undo').disabled = st.moves.length === 0 || over() || hard;
    $('redo').disabled = st.redo.length === 0 || over() || hard;
    $('hint').disabled = over() || hard;
    $('show').disabled = st.solved || st.shown;
    $('replay').hidden = !st.shown;
    $('giveup').disabled = over() || st.shown;
    if ($('giveup').disabled) { keepPlaying(); }
    var status = $('status');
    board.setAttribute('data-state', st.solved ? 'solved' : 'playing');
    if (st.solved) {
      status.hidden = false;
      status.setAttribute('data-state', 'solved');
      var n = st.moves.length;
      $('result').textContent = 'Solved in ' + n + (n === 1 ? ' move' : ' moves') + ' — the shortest solution takes ' + G.shortest +
        (n === G.shortest ? ': you found it' + (G.unique ? ', the only one.' : ' (there are several).') : (G.unique ? '; it is unique.' : '; there are several.'));
      if (st.gaveUp) {
        var g = st.gaveUp.moves;
        $('result').textContent = 'You gave up after ' + g + (g === 1 ? ' move' : ' moves') + ', in ' + clock(st.gaveUp.ms) + ': not solved. The solution drawn takes ' + n + (n === 1 ? ' move' : ' moves') +
          (G.unique ? '; it is the only shortest one.' : '; there are other shortest ones.') + ' Restart to play it yourself (not counted).';
      } else if (st.shown) {
        $('result').textContent = 'The solution shown takes ' + n + (n === 1 ? ' move' : ' moves') + (G.unique ? '; it is the only shortest one.' : '; there are other shortest ones.') + ' Restart to play it yourself.';
      } else if (attemptHints() > 0) {
        $('result').textContent += ' Assisted: ' + plural(attemptHints(), 'hint') + '.';
      }
      $('share').textContent = st.shown ? '' : shareText();
      $('share-button').hidden = st.shown;
      var queued = st.posted && RJM.outbox().some(function (p) { return p.client === st.client; });
      $('rate').hidden = st.shown || st.posted;
      $('thanks').hidden = !st.posted || queued;
      $('queued').hidden = !queued;
      if (G.date && !st.shown && $('stats')) {
        $('stats').hidden = false;
        RJM.renderStats($('stats').querySelector('[data-stats]'));
      }
    } else {
      status.hidden = true;
      status.setAttribute('data-state', 'playing');
      if ($('stats')) { $('stats').hidden = true; }
    }
    drawNext(); // before drawWin, which scrolls the whole result into view
    drawWin();
    follow();
  }

  // drawNext shows, once a maze of the day has ended, the time to the
  // next one (the player's midnight) and the ways to more: today's maze
  // when this is another day's, else yesterday's (not before the first
  // date), and the archive.
  function drawNext() {
    var next = $('next');
    if (!next) { return; }
    next.hidden = !st.solved;
    if (next.hidden) { return; }
    var today = RJM.today(), yesterday = RJM.dayBefore(today);
    $('today-link').hidden = G.date === today;
    $('yesterday').hidden = G.date !== today || yesterday < next.getAttribute('data-first');
    $('yesterday').href = '/d/' + yesterday;
    $('countdown').textContent = clock(RJM.untilTomorrow());
  }

  // shareText is the solved game's share text (history.js): no direction
  // and no cell, only counts and a row of squares, and (unless bare, for
  // a share sheet that takes the link apart) the maze's link.
  function shareText(bare) {
    var a = account();
    return RJM.shareText({
      date: G.date, rows: G.rows, cols: G.cols, variant: G.variant || '', moves: st.moves.length, par: G.shortest, ms: a.ms,
      hints: a.hints, undos: a.undos, restarts: a.restarts, hinted: st.hinted, streak: G.date ? RJM.summary(RJM.load()).current : 0, url: bare ? '' : shareURL(),
      hard: !!st.hard, colourblind: RJM.settings().colourblind
    });
  }

  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }

  // shareURL is the maze's link on this site: the day's page for a maze
  // of the day, its permanent page otherwise.
  function shareURL() {
    return location.origin + (G.date ? '/d/' + G.date : '/m/' + G.id);
  }

  // remember keeps a maze of the day's result in your history: played
  // from the first move, solved (on its own date or later) at the goal.
  // Its time is in whole seconds as the clock shows it (rounded down).
  function remember() {
    if (!G.date) { return; }
    var a = account();
    var d = { date: G.date, maze: G.id, par: G.shortest, solved: st.solved && !st.shown && !st.replay && !st.gaveUp, shown: st.shown || !!st.replay, moves: st.moves.length,
      seconds: Math.floor(a.ms / 1000), hints: a.hints, undos: a.undos, restarts: a.restarts };
    if (st.gaveUp) {
      // The day given up: its moves, time, hints, undos and restarts are
      // the player's, not the solution's drawn after.
      var g = st.gaveUp;
      d.gaveUp = true;
      d.shown = false;
      d.moves = g.moves;
      d.seconds = Math.floor(g.ms / 1000);
      d.hints = g.hints || 0;
      d.undos = g.undos || 0;
      d.restarts = g.restarts || 0;
    }
    if (d.solved) { d.onDay = RJM.today() === G.date; d.at = new Date().toISOString(); }
    RJM.record(d);
  }

  function say(text) { var a = $('announce'); a.textContent = text; a.classList.remove('toast'); }

  // refuse says why a jump is refused where the player sees it: when the
  // line under the controls is out of the window (a small phone, large
  // text), the sentence shows at the window's foot for a few seconds, or
  // until the next one.
  function refuse(text) {
    say(text);
    var a = $('announce'), r = a.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) {
      a.classList.add('toast');
      // It steps back into its line after a while, off the controls.
      clearTimeout(refuse.timer);
      refuse.timer = setTimeout(function () { a.classList.remove('toast'); }, 6000);
    }
  }

  function jump(m, fromRedo) {
    if (!st.started) {
      st.started = true; // the clock starts
      since = Date.now();
      // Hard mode is the game's from its first move, if no hint was taken.
      st.hard = RJM.settings().hard && attemptHints() === 0 && !st.replay;
    }
    st.path.push(m.t);
    st.moves.push(m.d);
    if (!fromRedo) { st.redo = []; }
    var cell = G.nodes[m.t].c;
    var text = 'Jumped ' + NAMES[m.k] + ' to ' + where(cell) + '.';
    hinted = -1;
    if (m.t === G.goal) {
      st.elapsed = elapsed();
      st.solved = true;
      if (!st.shown) { st.client = RJM.clientID(); }
      text += ' Goal reached in ' + st.moves.length + ' moves!';
    }
    save();
    if (st.moves.length === 1 || st.solved) { remember(); }
    if (st.solved && !st.shown && G.date) {
      var streak = RJM.summary(RJM.load()).current;
      text += ' Your streak: ' + streak + (streak === 1 ? ' day.' : ' days.');
    }
    say(text);
    draw();
  }

  function move(compass) {
    if (over()) { return; }
    var moves = G.nodes[here()].m || [];
    for (var k = 0; k < moves.length; k++) {
      if (moves[k].k === compass) { jump(moves[k], false); return; }
    }
    var why = refusal(function (x) { return x.k === compass; });
    refuse(why ? why.s : 'No jump ' + NAMES[compass] + ' from here.');
  }

  // refusal returns the first jump the rules refuse from where the
  // player stands that matches (the server's diagnosis: the direction,
  // the cell it would land on, and why), or null.
  function refusal(match) {
    var xs = G.nodes[here()].x || [];
    for (var k = 0; k < xs.length; k++) {
      if (match(xs[k])) { return xs[k]; }
    }
    return null;
  }

  function undo() {
    if (over() || st.moves.length === 0 || st.hard) { return; }
    st.path.pop();
    st.redo.push(st.moves.pop());
    st.undos++;
    hinted = -1;
    say('Undone: back on ' + where(G.nodes[here()].c) + '.');
    save();
    draw();
  }

  function redo() {
    if (over() || st.redo.length === 0 || st.hard) { return; }
    var d = st.redo.pop();
    var moves = G.nodes[here()].m || [];
    for (var k = 0; k < moves.length; k++) {
      if (moves[k].d === d) { jump(moves[k], true); return; }
    }
  }

  function restart() {
    var before = st, ms = elapsed();
    stopReplay();
    st = fresh();
    carry(before, ms);
    hinted = -1;
    since = Date.now();
    say('Restarted on the start, ' + where(G.nodes[G.start].c) + '.');
    save();
    askToken();
    draw();
  }

  // submit sends a solved play once, with the rating given (0 for none).
  // A game whose solution was shown is not sent.
  // The play goes through the outbox (history.js): offline it waits
  // there, and it carries the client ID made when the game was solved, so
  // that sending it again never counts it twice.
  function submit(rating) {
    if (!st.solved || st.posted || st.shown || st.replay || st.gaveUp) { return; }
    if (!st.client) { st.client = RJM.clientID(); }
    st.posted = true;
    save();
    var a = account();
    RJM.send({ maze: G.id, moves: notation(), seconds: Math.round(a.ms) / 1000, hints: a.hints, undos: a.undos, restarts: a.restarts, hard: !!st.hard,
      rating: rating, client: st.client, token: st.token || '' })
      .then(draw);
    draw();
  }

  // After the solution of a maze was shown, later games of it are
  // replays: never posted, so a shown answer is never counted as a solve.
  var shownKey = 'rjm:shown:' + G.id;
  function wasShown() { try { return localStorage.getItem(shownKey) === '1'; } catch (e) { return false; } }
  function markShown() { try { localStorage.setItem(shownKey, '1'); } catch (e) { /* private mode */ } }

  // carry keeps the account of a game restarted unsolved (ms of it
  // played) with the new one — its time, hints and undos, one restart
  // more, and its clock running if it ran — so that the play posted, the
  // win and the share tell the whole attempt; a game after the solution
  // was shown is a replay, with an account of its own.
  function carry(before, ms) {
    if (!before.solved && !before.shown && !before.gaveUp) {
      st.carried = (before.carried || 0) + ms;
      st.carriedHints = (before.carriedHints || 0) + before.hints;
      st.carriedUndos = (before.carriedUndos || 0) + (before.undos || 0);
      st.restarts = (before.restarts || 0) + (before.started ? 1 : 0);
      st.started = !!before.started;
      st.hard = !!before.hard;
      st.token = before.token;
    }
    if (before.shown || before.replay || before.gaveUp || wasShown()) { st.replay = true; }
  }
  // attemptMs, attemptHints and account are the whole attempt's time,
  // hints, undos and restarts.
  function attemptMs() { return elapsed() + (st.carried || 0); }
  function attemptHints() { return st.hints + (st.carriedHints || 0); }
  function account() {
    return { ms: attemptMs(), hints: attemptHints(), undos: (st.undos || 0) + (st.carriedUndos || 0), restarts: st.restarts || 0 };
  }

  // unsolvedPlay is the play of the current game ended unsolved as
  // ending says ("gave_up", "shown", "left"): null when it is not one to post (posted
  // already, solved, a replay, or not played: no move yet, so its clock
  // never started; a page left with under leftAfter played, a reload
  // say, is not a game left).
  var leftAfter = 30000;
  function unsolvedPlay(ending) {
    if (st.posted || st.solved || st.shown || st.replay || st.gaveUp || wasShown()) { return null; }
    var a = account(), ms = a.ms;
    if (!st.started || ending === 'left' && ms < leftAfter) { return null; }
    return {
      maze: G.id, moves: notation(), seconds: Math.round(ms) / 1000, hints: a.hints, undos: a.undos, restarts: a.restarts, hard: !!st.hard, rating: 0,
      client: RJM.clientID(), token: st.token || '', ending: ending, player: RJM.playerID() || undefined
    };
  }

  // postShown sends the game the player gave up on by asking for the
  // solution, through the outbox.
  function postShown() {
    var play = unsolvedPlay('shown');
    if (!play) { return; }
    st.posted = true;
    save();
    RJM.send(play);
  }

  // postLeft sends the game left mid-way as the page goes away
  // (navigator.sendBeacon, which outlives the page, with the game's
  // token), marked "left": the server counts it as not solved by then. A
  // game taken up again later is posted again when it ends, and that
  // play replaces this one in the difficulty model. A game is posted as
  // left once.
  function postLeft() {
    if (st.left) { return; } // once a game: a player who switches tabs is not counted again
    var play = unsolvedPlay('left');
    if (!play || !play.token) { return; }
    var body = new Blob([JSON.stringify(play)], { type: 'application/json' });
    var sent = false;
    try { sent = navigator.sendBeacon && navigator.sendBeacon('/api/plays', body); } catch (e) { sent = false; }
    if (!sent) {
      fetch('/api/plays', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(play), keepalive: true, credentials: 'omit' })
        .catch(function () { /* gone */ });
    }
    // The token is spent: a game taken up again asks for a new one.
    st.token = '';
    st.left = true;
    save();
  }

  // share copies the share text, or hands it to the phone's share sheet.
  function share() {
    var text = shareText();
    var done = function (msg) { $('shared').textContent = msg; };
    var coarse = window.matchMedia && window.matchMedia('(pointer: coarse)').matches;
    if (navigator.share && coarse) {
      navigator.share({ text: shareText(true), url: shareURL() }).then(function () { done('Shared.'); }, function () { done(''); });
      return;
    }
    var select = function () {
      window.getSelection().selectAllChildren($('share'));
      done('Select the text above and copy it.');
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { done('Copied to the clipboard.'); }, select);
    } else {
      select();
    }
  }

  // hint asks the server: first how far the goal is, then (pressed again
  // on the same spot) which jump to take.
  function hint() {
    if (over() || st.hard || !st.started && RJM.settings().hard) { return; }
    var at = st.moves.length;
    var q = '/api/hint?maze=' + encodeURIComponent(G.id) + '&moves=' + encodeURIComponent(st.moves.join(' '));
    fetch(q).then(function (r) { return r.json(); }).then(function (h) {
      if (h.error) { say(h.error); return; }
      st.hints++;
      if (st.hinted.indexOf(at) < 0) { st.hinted.push(at); }
      if (h.distance < 0) {
        say('Hint: the goal cannot be reached from here. Undo some jumps.');
      } else if (st.hintAt !== at) {
        st.hintAt = at;
        say('Hint: the goal is ' + h.distance + (h.distance === 1 ? ' jump' : ' jumps') + ' away.');
      } else {
        var moves = G.nodes[here()].m || [];
        for (var k = 0; k < moves.length; k++) {
          if (moves[k].d === h.next) {
            hinted = G.nodes[moves[k].t].c;
            say('Hint: jump ' + NAMES[moves[k].k] + ', to ' + where(hinted) + '.');
          }
        }
      }
      save();
      draw();
    }).catch(function () { say('No hint: the server cannot be reached.'); });
  }

  // solution returns the moves of the engine's shortest solution from the
  // start (G.solution: the nodes it visits, the one the print key draws),
  // null when the goal is out of reach.
  function solution() {
    var out = [], u = G.start;
    if (!G.solution || !G.solution.length) { return null; }
    for (var k = 0; k < G.solution.length; k++) {
      var t = G.solution[k], mv = (G.nodes[u].m || []).filter(function (m) { return m.t === t; })[0];
      if (!mv) { return null; }
      out.push(mv);
      u = t;
    }
    return out;
  }

  // reveal ends the game at once with a shortest solution drawn whole on
  // the board (its steps numbered; Replay plays it on request) and kept,
  // so that a reload opens it so. A game given up (gaveUp: its own moves,
  // time, hints, undos and restarts) keeps saying so; ms is the time
  // played before the solution was asked for.
  function reveal(gaveUp, ms) {
    var moves = solution();
    if (!moves) { say('This maze has no solution.'); return; }
    stopReplay();
    st = fresh();
    st.shown = true;
    st.started = true;
    if (gaveUp) { st.gaveUp = gaveUp; }
    moves.forEach(function (m) { st.path.push(m.t); st.moves.push(m.d); });
    st.solved = true;
    st.elapsed = gaveUp ? gaveUp.ms : ms || 0;
    hinted = -1;
    save();
    remember();
    draw();
  }

  // show draws a shortest solution (reveal): the game so far is posted as
  // "shown".
  function show() {
    if (st.solved || st.shown) { return; }
    var ms = attemptMs();
    postShown();
    markShown();
    reveal(st.gaveUp || null, ms);
    var n = st.moves.length;
    say('The solution is drawn on the board: ' + plural(n, 'move') + ', each cell numbered by its step. Replay plays it.');
  }

  // replay plays the solution drawn, one jump every half a second (at
  // once for a reader who asks for less motion): the cursor walks the
  // path, each step said; the game itself does not change.
  var replayTimer = null;
  function stopReplay() {
    if (replayTimer === null) { return; }
    clearTimeout(replayTimer);
    replayTimer = null;
    board.classList.remove('replaying');
  }
  function replay() {
    if (!st.shown) { return; }
    stopReplay();
    var path = st.path;
    var still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    var k = 0;
    board.classList.add('replaying');
    (function step() {
      if (k >= path.length || st.path !== path) { stopReplay(); draw(); say('Replayed: ' + plural(path.length - 1, 'move') + '.'); return; }
      var c = G.nodes[path[k]].c;
      moveCursor(cells[c]);
      say(k === 0 ? 'The start, ' + where(c) + '.' : 'Step ' + k + ': ' + where(c) + '.');
      k++;
      replayTimer = setTimeout(step, still ? 0 : 500);
    }());
  }

  // Give up asks once more, in place of the controls (never a dialog
  // box of the browser's): "Yes, give up" or "Keep playing", the focus on
  // the answer that loses nothing; Escape keeps playing.
  function askGiveUp() {
    if (over() || st.shown) { return; }
    $('controls').hidden = true;
    $('giveup-ask').hidden = false;
    $('giveup-no').focus();
  }
  function keepPlaying() {
    if ($('giveup-ask').hidden) { return; }
    $('giveup-ask').hidden = true;
    $('controls').hidden = false;
    if (!$('giveup').disabled) { $('giveup').focus(); }
  }

  // giveUp ends the game unsolved: the game so far is posted as
  // "gave_up" (once: the play is marked posted, with its token, through
  // the outbox), kept in your history as not solved, and its solution
  // shown; the maze played again after that is a replay, never posted.
  function giveUp() {
    $('giveup-ask').hidden = true;
    $('controls').hidden = false;
    if (over() || st.shown) { return; }
    var play = unsolvedPlay('gave_up');
    var a = account();
    var gaveUp = { moves: st.moves.length, ms: a.ms, hints: a.hints, undos: a.undos, restarts: a.restarts };
    if (play) { RJM.send(play); }
    markShown();
    reveal(gaveUp);
    if (play) { st.posted = true; save(); }
    say('You gave up after ' + plural(gaveUp.moves, 'move') + ': not solved. The solution is drawn on the board; Replay plays it.');
    // The focus goes to the result (the answer pressed is gone).
    $('status').focus({ preventScroll: true });
  }

  // routesOf returns the routes of the moves along path (nodes) made as
  // moves (tokens): each the server's drawing of that move (render.Route,
  // as the print key draws it, round a torus's edge, a loop or out to the
  // exit).
  function routesOf(path, moves) {
    var out = [];
    moves.forEach(function (d, k) {
      (G.nodes[path[k]].m || []).forEach(function (m) {
        if (m.d === d && m.t === path[k + 1]) { out.push(m.r || []); }
      });
    });
    return out;
  }

  // drawRoutes draws the routes it is given, each a move's polylines in
  // square cells, over the board; it computes nothing.
  function drawRoutes(routes) {
    board.querySelectorAll('.route').forEach(function (e) { e.remove(); });
    routes.forEach(function (route) {
      route.forEach(function (pts) {
        var line = document.createElementNS(SVG, 'polyline');
        line.setAttribute('class', 'route');
        line.setAttribute('points', pts.map(function (q) { return (q[0] * unit).toFixed(1) + ',' + (q[1] * unit).toFixed(1); }).join(' '));
        line.setAttribute('stroke-width', (0.06 * size).toFixed(2));
        board.appendChild(line);
      });
    });
  }

  // drawSteps shows, once solved or while the solution is shown, at which
  // steps cell i of the path was reached (0 the start), so the order of
  // the moves stays on the board: in discs laid out as the print key
  // lays them out (G.discs, from render), a cell reached again with
  // smaller discs stacked down its side. The exit's step sits beside the
  // ring's EXIT, clear of the board's frame.
  function drawSteps(el, i, list) {
    var t = el.querySelector('text');
    var x = Number(t.getAttribute('x')), y = Number(t.getAttribute('y'));
    var layout;
    if (i === EXIT) {
      var box = t.getBBox();
      x = box.x + box.width + 0.3 * size;
      layout = [[0, 0, 0.16 * size / unit, 0.27 * size / unit, Infinity]];
    } else {
      var layouts = G.discs[G.dl ? G.dl[i] : 0];
      layout = layouts[Math.min(list.length, layouts.length) - 1];
    }
    // Legible at any size: a disc whose number the screen would draw
    // under 0.75rem grows to it (up to three times its size: at a large
    // text size the board, sized from the window, does not grow with the
    // text).
    var grow = 1;
    var ctm = board.getScreenCTM && board.getScreenCTM();
    var rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    layout.forEach(function (d, j) {
      var steps = j < layout.length - 1 ? [list[j]] : list.slice(j);
      if (ctm && ctm.a > 0) { grow = Math.min(3, Math.max(1, 0.75 * rem / (d[3] * unit * ctm.a))); }
      disc(el, x + d[0] * unit, y + d[1] * unit, d[2] * unit * grow, d[3] * unit * grow, x + d[4] * unit, steps.join(','));
    });
  }

  // disc draws one step disc centred on (cx, cy) of radius r; a text
  // wider than the disc makes it a pill, whose right end stays left of
  // right (inside the cell, clear of the frame).
  function disc(el, cx, cy, r, font, right, text) {
    var g = document.createElementNS(SVG, 'g');
    g.setAttribute('class', 'step');
    var pill = document.createElementNS(SVG, 'rect');
    var t = document.createElementNS(SVG, 'text');
    t.setAttribute('font-size', font);
    t.setAttribute('y', cy);
    t.textContent = text;
    g.appendChild(pill);
    g.appendChild(t);
    el.appendChild(g);
    var w = Math.max(0, (t.getComputedTextLength ? t.getComputedTextLength() : 0.55 * font * text.length) - 1.3 * r);
    cx = Math.min(cx, right - r - w / 2);
    t.setAttribute('x', cx);
    pill.setAttribute('x', cx - w / 2 - r);
    pill.setAttribute('y', cy - r);
    pill.setAttribute('width', w + 2 * r);
    pill.setAttribute('height', 2 * r);
    pill.setAttribute('rx', r);
  }

  // The win, seen at once: drawWin writes the result in large figures
  // (moves against par, time, streak) and, the first time a game is
  // solved on this page, scrolls the result into view under the solved
  // board (smoothly unless the reader asks for less motion), keeping as
  // much of the board's numbered path in view as the screen allows.
  var revealed = st.solved; // a game opened solved is where it was left
  function drawWin() {
    var summary = $('summary');
    if (!st.solved) { revealed = false; summary.textContent = ''; return; }
    var n = st.moves.length;
    var parts = [st.shown ? 'The solution: ' + plural(n, 'move') : n + '/' + G.shortest + ' moves', clock(attemptMs())];
    // The hints, undos and restarts when any (the share also says "no hints").
    if (!st.shown) { parts = parts.concat(RJM.accountWords(account()).filter(function (w) { return w !== 'no hints'; })); }
    if (st.gaveUp) {
      var g = st.gaveUp;
      parts = ['Gave up after ' + plural(g.moves, 'move'), clock(g.ms)].concat(RJM.accountWords(g), ['the solution: ' + plural(n, 'move')]);
    }
    if (G.date && !st.shown) {
      var streak = RJM.summary(RJM.load()).current;
      if (streak > 0) { parts.push('streak ' + streak); }
    }
    summary.textContent = parts.join(' · ');
    if (revealed) { return; }
    revealed = true;
    var r = $('status').getBoundingClientRect();
    var dy = Math.min(r.bottom + 12 - window.innerHeight, r.top - 8);
    if (dy > 0) {
      var still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.scrollBy({ top: dy, behavior: still ? 'auto' : 'smooth' });
    }
  }

  // openBoard opens a board wider than its frame scrolled to show the
  // most of it: its cells centred when they fit (the loops' margins
  // trimmed evenly), else the cell the player stands on (the start of a
  // new game) in the middle, the page scrolled down to it when it lies
  // low on the screen or below; again when the window changes size, until the
  // player scrolls the board. While more of the board lies to a side,
  // that side is shaded; a line says the board scrolls when some of its
  // cells lie beyond the frame.
  var wrap = $('board-wrap'), frame = $('board-frame');
  var touched = false;

  // fitBoard sizes the board from the window, its height as well as its
  // width, so that on a phone the whole board and the controls under it
  // are on one screen: the board is as wide as the page's column, at most
  // 36rem, and no taller than the window less what lies above it on the
  // page and the controls under it (all in rem, so the board gives way as
  // the reader's text grows, and follows the zoom, which changes the
  // window). When its cells would then go under 44 px (minWidth above),
  // the heading is let go: the board is no taller than the window less the
  // rule line, the score and the controls, and openOnGame opens the page
  // on the game. A board that cannot fit even so keeps its 44 px cells
  // and scrolls. The page's parts are measured as drawn, so fitBoard runs
  // again when the window or the text size changes.
  function fitBoard() {
    if (!wrap || !vb || !(vb.width > 0)) { return; }
    var rule = $('rule'), controls = $('controls'), ask = $('giveup-ask');
    var rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    var top = board.getBoundingClientRect().top;
    var below = Math.max(controls.offsetHeight, ask ? ask.offsetHeight : 0) + 1.5 * rem;
    var width = function (above) {
      return Math.floor(Math.min(wrap.clientWidth, 36 * rem, (window.innerHeight - above - below) * vb.width / vb.height));
    };
    var w = width(top + window.scrollY);
    if (w < parseFloat(board.style.minWidth)) { w = width(top - (rule || board).getBoundingClientRect().top); }
    board.style.maxWidth = 'none';
    board.style.width = w + 'px';
  }

  // openOnGame opens the page on the game when the heading above it would
  // push the board or its controls below the window: at a large text size
  // or on a short screen, the page is scrolled down to the rule line, or
  // to the score or the board if the rule line would not leave room.
  function openOnGame() {
    var controls = $('controls');
    if (!controls || window.scrollY > 0 || location.hash) { return; }
    var bottom = controls.getBoundingClientRect().bottom;
    if (bottom <= window.innerHeight) { return; }
    var tops = [$('rule'), document.querySelector('.score'), board];
    for (var i = 0; i < tops.length; i++) {
      var top = tops[i] && tops[i].getBoundingClientRect().top;
      if (tops[i] && bottom - top + 8 <= window.innerHeight) {
        window.scrollTo(0, top - 4);
        return;
      }
    }
  }

  function openBoard() {
    if (!wrap || !frame) { return; }
    fitBoard();
    if (window.ResizeObserver) {
      // The text size changed: the rule line and the controls grew.
      var sizes = '';
      new ResizeObserver(function () {
        var now = $('rule').offsetHeight + ',' + $('controls').offsetHeight + ',' + wrap.clientWidth;
        if (now !== sizes) { sizes = now; fitBoard(); }
      }).observe($('controls'));
    }
    if (!st.moves.length && !over()) { openOnGame(); }
    // A board too wide for the page's column takes the page's width (on
    // a wide screen the result then comes under it, not beside it).
    root.classList.toggle('wide-board', parseFloat(getComputedStyle(board).minWidth) > wrap.clientWidth);
    // span is the width of the board's cells, without the margins.
    var span = function () {
      var left = Infinity, right = -Infinity;
      Object.keys(cells).forEach(function (k) {
        var shape = Number(k) !== EXIT && cells[k].querySelector('polygon');
        if (!shape) { return; }
        var b = shape.getBoundingClientRect();
        left = Math.min(left, b.left);
        right = Math.max(right, b.right);
      });
      return [left, right];
    };
    var shade = function () {
      var more = wrap.scrollWidth - wrap.clientWidth;
      var lr = span();
      frame.classList.toggle('more-left', more > 1 && wrap.scrollLeft > 1);
      frame.classList.toggle('more-right', more > 1 && wrap.scrollLeft < more - 1);
      $('scroll-hint').hidden = lr[1] - lr[0] <= wrap.clientWidth + 1;
    };
    var centre = function () {
      if (wrap.scrollWidth <= wrap.clientWidth + 1) { return; }
      var lr = span(), left = lr[0], right = lr[1];
      var at = cells[G.nodes[here()].c].getBoundingClientRect();
      var mid = right - left <= wrap.clientWidth ? (left + right) / 2 : (at.left + at.right) / 2;
      var w = wrap.getBoundingClientRect();
      wrap.scrollLeft += mid - (w.left + wrap.clientWidth / 2);
      var y = (at.top + at.bottom) / 2;
      if (right - left > wrap.clientWidth && y > window.innerHeight * 2 / 3) {
        window.scrollBy(0, y - window.innerHeight / 2);
      }
    };
    centre();
    shade();
    ['pointerdown', 'wheel', 'touchstart', 'keydown'].forEach(function (e) {
      wrap.addEventListener(e, function () { touched = true; }, { passive: true });
    });
    wrap.addEventListener('scroll', shade, { passive: true });
    window.addEventListener('resize', function () {
      fitBoard();
      if (!touched && st.moves.length === 0) { centre(); }
      shade();
    });
  }

  // follow keeps the cell the player stands on inside a board that
  // scrolls sideways, scrolling the board (never the page) when a jump
  // lands beyond its edge.
  function follow() {
    if (!wrap || wrap.scrollWidth <= wrap.clientWidth + 1) { return; }
    var at = cells[G.nodes[here()].c];
    if (!at) { return; }
    var r = at.getBoundingClientRect(), w = wrap.getBoundingClientRect();
    if (r.left < w.left) {
      wrap.scrollLeft -= w.left - r.left + r.width;
    } else if (r.right > w.left + wrap.clientWidth) {
      wrap.scrollLeft += r.right - (w.left + wrap.clientWidth) + r.width;
    }
  }

  // A key pressed on the page shows the keys' help, even on a device
  // that seemed to have no keyboard.
  document.addEventListener('keydown', function (ev) {
    if (!ev.altKey && !ev.ctrlKey && !ev.metaKey) { root.classList.add('keyboard'); }
  });
  // The rule line's link opens the full rules.
  $('rules-link').addEventListener('click', function () { $('howto').open = true; });

  board.addEventListener('click', function (ev) {
    var el = ev.target.closest('[data-cell], [data-exit]');
    if (!el || over()) { return; }
    var cell = index(el);
    var moves = G.nodes[here()].m || [];
    for (var k = 0; k < moves.length; k++) {
      if (G.nodes[moves[k].t].c === cell) { jump(moves[k], false); return; }
    }
    // Why not: a jump the rules refuse that would land there, or else
    // the jump's length.
    var why = refusal(function (x) { return x.c === cell; });
    refuse('You cannot jump to ' + where(cell) + ' from here. ' + (why ? why.s : 'No jump from your cell lands there: the cells you can jump to are marked.'));
  });
  // Keys play page-wide from the moment the page loads, unless a form
  // field has the focus (it takes its own keys); the arrows then move on
  // the board, never scroll the page.
  document.addEventListener('keydown', function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.defaultPrevented) { return; }
    if (ev.target && ev.target.closest && ev.target.closest('input, textarea, select, [contenteditable]')) { return; }
    var k = KEYS[ev.key];
    if (k) { ev.preventDefault(); move(k); return; }
    if (ev.key === 'u' || ev.key === 'U') { ev.preventDefault(); undo(); }
    if (ev.key === 'r' || ev.key === 'R') { ev.preventDefault(); redo(); }
    if (ev.key === 'h' || ev.key === 'H') { ev.preventDefault(); hint(); }
  });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('restart').addEventListener('click', restart);
  $('hint').addEventListener('click', hint);
  $('show').addEventListener('click', show);
  $('replay').addEventListener('click', replay);
  // Settings: each box kept as it is ticked; hard mode counts from the
  // next game's first move (a restart carries the game's own).
  [['set-colourblind', 'colourblind'], ['set-contrast', 'contrast'], ['set-hard', 'hard']].forEach(function (b) {
    var box = $(b[0]);
    if (!box) { return; }
    box.checked = RJM.settings()[b[1]];
    box.addEventListener('change', function () {
      var s = RJM.settings();
      s[b[1]] = box.checked;
      RJM.saveSettings(s);
      draw();
    });
  });
  $('giveup').addEventListener('click', askGiveUp);
  $('giveup-yes').addEventListener('click', giveUp);
  $('giveup-no').addEventListener('click', keepPlaying);
  $('giveup-ask').addEventListener('keydown', function (ev) {
    if (ev.key === 'Escape') { ev.preventDefault(); keepPlaying(); }
  });
  $('rate').addEventListener('click', function (ev) {
    var b = ev.target.closest('[data-rate]');
    if (b) { submit(Number(b.getAttribute('data-rate'))); }
  });
  $('share-button').addEventListener('click', share);
  window.addEventListener('online', function () { RJM.flush().then(draw); });
  window.addEventListener('rjm:outbox', draw);
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') { save(); postLeft(); } else { since = Date.now(); askToken(); }
  });
  // A solved game left unrated is still counted when the page goes away;
  // an unsolved one played a while is posted as left.
  window.addEventListener('pagehide', function () { submit(0); save(); postLeft(); });
  setInterval(function () {
    if (document.visibilityState !== 'visible') { return; }
    if (!over()) { $('clock').textContent = clock(attemptMs()); }
    drawNext();
  }, 1000);

  try {
    // A first visit is taught by the tiny maze above (tutorial.js) when
    // the page has one; else the rules open.
    if (!localStorage.getItem('rjm:howto')) {
      if (!$('tutorial')) { $('howto').open = true; }
      localStorage.setItem('rjm:howto', '1');
    }
  } catch (e) { $('howto').open = true; }
  // A game kept mid-way through a solution's showing, or given up
  // before the solution was drawn at once, ends now.
  openBoard();
  if ((st.gaveUp || st.shown) && !st.solved) { reveal(st.gaveUp || null, st.elapsed); } else { draw(); }
}());
