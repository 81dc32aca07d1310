// A first visit's lesson: a tiny maze on the day's rules (the server's
// game, with its moves and its refused jumps and why), tapped through
// above the day's maze. It teaches the jump (a cell's number is how far
// you jump; the marked cells are where a jump lands), the goal, and, when
// a tap is refused, why: on a variant's board, that rule. It shows once:
// reaching its goal, or skipping, keeps "rjm:tutorial" on the device.
(function () {
  'use strict';
  var section = document.getElementById('tutorial');
  if (!section) { return; }
  var KEY = 'rjm:tutorial';
  try { if (localStorage.getItem(KEY)) { return; } } catch (e) { return; }
  var G = JSON.parse(section.getAttribute('data-game'));
  var board = document.getElementById('tutorial-board');
  var say = function (text) { document.getElementById('tutorial-say').textContent = text; };
  var cells = {};
  board.querySelectorAll('[data-cell]').forEach(function (el) {
    var rc = el.getAttribute('data-cell').split(',');
    cells[(rc[0] - 1) * G.cols + (rc[1] - 1)] = el;
  });
  var at = G.start, jumps = 0;
  function where(c) { return 'row ' + (Math.floor(c / G.cols) + 1) + ', column ' + (c % G.cols + 1); }
  function number(c) { var t = cells[c] && cells[c].querySelector('text'); return t ? t.textContent : ''; }
  function draw() {
    var targets = {};
    if (at !== G.goal) { (G.nodes[at].m || []).forEach(function (m) { targets[G.nodes[m.t].c] = true; }); }
    Object.keys(cells).forEach(function (i) {
      var el = cells[i], cur = Number(i) === G.nodes[at].c;
      el.classList.toggle('target', !!targets[i]);
      if (cur) { el.setAttribute('aria-current', 'true'); } else { el.removeAttribute('aria-current'); }
    });
  }
  function done() {
    try { localStorage.setItem(KEY, '1'); } catch (e) { /* private mode: shown again next time */ }
    section.hidden = true;
    var main = document.getElementById('board');
    if (main) { main.focus({ preventScroll: false }); }
  }
  board.addEventListener('click', function (ev) {
    var el = ev.target.closest('[data-cell]');
    if (!el || at === G.goal) { return; }
    var rc = el.getAttribute('data-cell').split(',');
    var cell = (rc[0] - 1) * G.cols + (rc[1] - 1);
    var moves = G.nodes[at].m || [];
    for (var k = 0; k < moves.length; k++) {
      if (G.nodes[moves[k].t].c === cell) {
        at = moves[k].t;
        jumps++;
        draw();
        if (at === G.goal) {
          say('The goal, in ' + jumps + (jumps === 1 ? ' jump' : ' jumps') + '! That is the game: reach the goal in as few jumps as you can. Today\'s maze is above.');
          document.getElementById('tutorial-done').textContent = 'Close the lesson';
          try { localStorage.setItem(KEY, '1'); } catch (e) { /* private mode */ }
        } else {
          say('Jumped to ' + where(cell) + '. Its number, ' + number(cell) + ', is your next jump: tap a marked cell again, on to the goal (G).');
        }
        return;
      }
    }
    var xs = G.nodes[at].x || [], why = null;
    for (var j = 0; j < xs.length; j++) { if (xs[j].c === cell) { why = xs[j].s; } }
    say('Not that one. ' + (why || 'No jump from your cell lands there.') + ' The marked cells are where you can jump.');
  });
  document.getElementById('tutorial-done').addEventListener('click', done);
  section.hidden = false;
  draw();
  say('The number on your cell (' + number(G.nodes[at].c) + ') is how far you jump. Tap a marked cell: it is where a jump lands.');
}());
