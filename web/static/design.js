// The designer's workbench (/design): the page sends each edit to
// POST /api/design, which answers the maze's view, drawn by the server
// with render's board; the page adds the view's marks and keeps the
// history of maze IDs for undo and redo. It holds no rule of the game.
(function () {
  'use strict';
  var wrap = document.getElementById('design-board-wrap');
  if (!wrap) return;
  var $ = function (id) { return document.getElementById(id); };
  var SVG = 'http://www.w3.org/2000/svg';
  var wb = $('workbench');
  var state = null;          // the last answer
  var past = [], future = []; // maze IDs, for undo and redo
  var focus = [1, 1];        // the chosen cell, 1-based
  var wallFrom = null;       // the Wall tool's first cell
  var typed = '', typedAt = 0;
  var chain = Promise.resolve();

  // showError shows msg under the board, or beside the Open form when
  // the request opened a maze (at, 'open-error'); '' clears both.
  function showError(msg, at) {
    ['design-error', 'open-error'].forEach(function (id) {
      var e = $(id), mine = id === (at || 'design-error');
      e.textContent = mine ? msg : '';
      e.hidden = !mine || !msg;
    });
  }

  // request queues one call of POST /api/design after the ones before,
  // so that edits typed quickly apply in order to the latest maze. make
  // builds the body from the current answer (null when there is none);
  // said starts the announcement, errAt is where an error shows.
  function request(make, push, said, errAt) {
    chain = chain.then(function () {
      var body = make(state);
      if (!body) return;
      wb.setAttribute('aria-busy', 'true');
      return fetch('/api/design', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
        .then(function (r) {
          return r.json().then(function (j) {
            if (!r.ok) { showError(j.error || ('Error ' + r.status), errAt); return; }
            showError('');
            if (push === 'edit' && state) { past.push(state.view.id); future = []; }
            show(j, said);
          });
        })
        .catch(function () { showError('The server could not be reached: try again.', errAt); })
        .then(function () { wb.removeAttribute('aria-busy'); });
    });
    return chain;
  }

  function edit(e) {
    request(function (s) { return s && { maze: s.view.id, edit: e }; }, 'edit');
  }

  function cellOf(el) {
    var g = el && el.closest && el.closest('[data-cell]');
    if (!g) return null;
    var p = g.getAttribute('data-cell').split(',');
    return [+p[0], +p[1]];
  }
  function cellEl(c) { return wrap.querySelector('[data-cell="' + c[0] + ',' + c[1] + '"]'); }
  function viewCell(c) { return state.view.cells[(c[0] - 1) * state.view.cols + c[1] - 1]; }
  function same(a, b) { return a[0] === b[0] && a[1] === b[1]; }

  function text(parent, cls, x, y, size, s) {
    var t = document.createElementNS(SVG, 'text');
    t.setAttribute('class', cls);
    t.setAttribute('x', x.toFixed(2));
    t.setAttribute('y', y.toFixed(2));
    t.setAttribute('font-size', size.toFixed(2));
    t.textContent = s;
    parent.appendChild(t);
    return t;
  }

  function centre(g) {
    var b = g.querySelector('polygon').getBBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  }

  // decorate adds the view's marks to render's board: classes for the
  // holes, the solution, forced moves, decisions and clusters, each
  // cell's depth and step, and the solution's line.
  function decorate() {
    var svg = wrap.querySelector('svg');
    var v = state.view, size = +svg.getAttribute('data-size');
    v.cells.forEach(function (c) {
      var g = cellEl(c.cell);
      if (!g || !g.querySelector('polygon')) return;
      if (c.hole) g.classList.add('hole-' + c.hole);
      if (c.steps) g.classList.add('on-path');
      if (c.forced) g.classList.add('forced');
      if (c.decision) g.classList.add('decision');
      if (c.cluster) g.classList.add('cluster');
      if (c.dead_end) g.classList.add('dead-end');
      var p = centre(g), label = g.getAttribute('aria-label');
      if (c.kind === 'open' || c.kind === 'pass-over') {
        text(g, 'depth', p[0] - 0.3 * size, p[1] - 0.28 * size, 0.24 * size, c.depth < 0 ? '−' : String(c.depth));
        label += c.depth < 0 ? ', unreachable' : ', depth ' + c.depth;
      }
      if (c.steps) {
        text(g, 'step', p[0] + 0.3 * size, p[1] + 0.3 * size, 0.26 * size, c.steps.join('/'));
        label += ', step ' + c.steps.join(' and ') + ' of the solution';
      }
      if (c.hole) label += ', in a ' + c.hole + ' hole';
      if (c.forced) label += ', forced move';
      if (c.decision) label += ', ' + c.decision + ' decision';
      if (c.cluster) label += ', cluster ' + c.cluster;
      g.setAttribute('aria-label', label);
    });
    drawRoutes(svg, v.routes || [], 'path', (size * 0.06).toFixed(2));
  }

  // drawRoutes draws the moves' routes as the server gives them
  // (render.Route: each move's polylines in square cells, round a torus's
  // edge, a loop or out to the exit as the print key draws them), scaled
  // by the board's unit; it computes nothing.
  function drawRoutes(svg, routes, cls, width) {
    var unit = +svg.getAttribute('data-unit');
    routes.forEach(function (route) {
      (route || []).forEach(function (pts) {
        var line = document.createElementNS(SVG, 'polyline');
        line.setAttribute('class', cls);
        line.setAttribute('points', pts.map(function (q) { return (q[0] * unit).toFixed(1) + ',' + (q[1] * unit).toFixed(1); }).join(' '));
        line.setAttribute('stroke-width', width);
        svg.appendChild(line);
      });
    });
  }

  function setFocus(c, move) {
    var old = wrap.querySelector('[data-cell][tabindex="0"]');
    if (old) { old.setAttribute('tabindex', '-1'); old.classList.remove('chosen'); }
    focus = c;
    pad();
    var g = cellEl(c);
    if (!g) return;
    g.setAttribute('tabindex', '0');
    g.classList.add('chosen');
    if (move) g.focus();
  }

  // pad keeps the jump buttons under the board: one per legal jump (a
  // phone has no digit keys for the board), the chosen cell's pressed,
  // all disabled when the chosen cell has no jump (the goal, a blocked
  // cell).
  function pad() {
    if (!state) return;
    var el = $('jump-pad'), n = state.jump_limit, v = viewCell(focus);
    if (el.children.length !== n) {
      el.textContent = '';
      for (var j = 1; j <= n; j++) {
        var b = document.createElement('button');
        b.type = 'button';
        b.textContent = String(j);
        b.setAttribute('aria-label', 'Jump ' + j);
        b.setAttribute('data-jump', j);
        el.appendChild(b);
      }
    }
    var open = v && v.kind === 'open' && v.jump !== 0;
    Array.prototype.forEach.call(el.children, function (b) {
      b.disabled = !open;
      b.setAttribute('aria-pressed', String(open && +b.getAttribute('data-jump') === v.jump));
    });
  }

  function fmtTime(s) {
    s = Math.round(s);
    return s < 60 ? s + ' s' : Math.floor(s / 60) + ' min ' + String(s % 60).padStart(2, '0') + ' s';
  }
  function cells(n) { return n + (n === 1 ? ' cell' : ' cells'); }
  function num(x) { return Math.round(x * 100) / 100; }
  function set(id, s) { $(id).textContent = s; }

  // glance is the line under the board: what the paper judges first, so
  // that a phone shows an edit's effect without scrolling to the facts.
  function glance(v) {
    var f = v.features, p = v.prediction, out = [];
    if (!f.solvable) {
      out.push('no solution', cells(f.non_reaching) + ' cannot reach the goal');
    } else {
      out.push(f.goal_depth + ' moves, ' + (f.unique ? 'unique' : 'not unique'));
      out.push(f.black_holes ? f.black_holes + (f.black_holes === 1 ? ' black hole' : ' black holes') : 'no black holes');
    }
    out.push('energy ' + num(f.energy));
    if (p) out.push((v.level || 'level not checked') + ', about ' + fmtTime(p.seconds));
    return out.join(' · ');
  }

  function show(j, prefix) {
    var hadFocus = wrap.contains(document.activeElement);
    var was = document.activeElement;
    state = j;
    wrap.innerHTML = j.board; // drawn by the server's render, every value escaped
    decorate();
    var v = j.view, f = v.features;
    if (focus[0] > v.rows || focus[1] > v.cols) focus = [1, 1];
    setFocus(focus, hadFocus);
    if (wallFrom) { var w = cellEl(wallFrom); if (w) w.classList.add('wall-from'); }
    set('glance', glance(v));
    set('facts-summary', v.summary);
    set('f-solution', f.solvable ? f.goal_depth + ' moves: ' + f.solution : 'none: the goal cannot be reached');
    set('f-unique', !f.solvable ? '–' : f.unique ? 'yes' : 'no, ' + (f.shortest_paths_saturated ? 'very many' : f.shortest_paths) + ' shortest');
    set('f-black', f.black_holes + (f.black_holes ? ' (' + cells(f.black_hole_cells) + ')' : ''));
    set('f-white', f.white_holes + (f.white_holes ? ' (' + cells(f.white_hole_cells) + ')' : ''));
    set('f-forced', String(f.initial_forced_moves));
    set('f-decisions', num(f.forward_decisions) + ', ' + num(f.backward_decisions));
    set('f-clusters', f.clusters.length + (f.clusters.length ? ' (penalty ' + f.cluster_penalty + ')' : ''));
    set('f-energy', String(num(f.energy)));
    var p = v.prediction;
    set('f-prediction', p ? 'about ' + fmtTime(p.seconds) + ' for a typical player (95%: ' + fmtTime(p.low) + ' to ' + fmtTime(p.high) + '); level ' +
      (v.level || 'not checked') + ', by its length on its board' : 'none: the maze has no solution');
    var tb = $('f-terms');
    tb.textContent = '';
    v.energy_terms.forEach(function (t) {
      var tr = document.createElement('tr');
      var a = document.createElement('td'); a.textContent = t.term + ' '; var fm = document.createElement('small'); fm.textContent = t.formula; a.appendChild(fm);
      var b = document.createElement('td'); b.textContent = String(num(t.value));
      var c = document.createElement('td'); var bar = document.createElement('span'); bar.className = 'share' + (t.value < 0 ? ' neg' : '');
      bar.style.width = Math.max(2, Math.round(t.share * 100)) + '%';
      c.appendChild(bar); c.appendChild(document.createTextNode(' ' + Math.round(t.share * 100) + '%'));
      tr.append(a, b, c);
      tb.appendChild(tr);
    });
    var ul = $('f-changes');
    ul.textContent = '';
    var said = [];
    if (prefix) said.push(prefix);
    if (j.edit) said.push(j.edit);
    j.changes.forEach(function (c) { said.push(c.text); });
    (j.changes.length ? j.changes : [{ text: 'Nothing the paper judges changed.' }]).forEach(function (c) {
      var li = document.createElement('li'); li.textContent = c.text; li.setAttribute('data-feature', c.feature || ''); ul.appendChild(li);
    });
    set('design-announce', said.join('; '));
    suggestions('s-longer', j.suggestions.longer, 'No single change makes the unique solution longer.');
    suggestions('s-energy', j.suggestions.energy, 'No single change lowers the energy.');
    set('save-id', v.id);
    var q = '?id=' + encodeURIComponent(v.id);
    $('save-link').href = '/design' + q;
    $('save-play').href = '/m/' + encodeURIComponent(v.id);
    $('save-print').href = '/print/' + encodeURIComponent(v.id);
    history.replaceState(null, '', '/design' + q);
    $('undo').disabled = !past.length;
    $('redo').disabled = !future.length;
    // A keyboard user keeps their place: Undo pressed to its last step
    // hands the focus to Redo (and back), else to the board.
    if ((was === $('undo') || was === $('redo')) && was.disabled) {
      var other = was === $('undo') ? $('redo') : $('undo');
      if (!other.disabled) other.focus(); else setFocus(focus, true);
    }
  }

  // again is where a suggestion chosen by keyboard was, so that the
  // focus goes back to the same place in the new list.
  var again = null;
  function suggestions(id, list, none) {
    var ol = $(id), back = again && again.list === id ? again.k : -1;
    if (back >= 0) again = null;
    ol.textContent = '';
    if (!list.length) {
      var li = document.createElement('li'); li.className = 'none'; li.textContent = none; ol.appendChild(li);
      if (back >= 0) setFocus(focus, true);
      return;
    }
    list.forEach(function (s, k) {
      var li = document.createElement('li');
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'suggestion';
      b.textContent = s.text;
      b.setAttribute('data-cell', s.cell.join(','));
      b.setAttribute('data-jump', s.jump);
      b.addEventListener('mouseenter', function () { preview(s, true); });
      b.addEventListener('mouseleave', function () { preview(s, false); });
      b.addEventListener('focus', function () { preview(s, true); });
      b.addEventListener('blur', function () { preview(s, false); });
      b.addEventListener('click', function (ev) {
        preview(s, false);
        if (ev.detail === 0) again = { list: id, k: k }; // Enter or Space, not a pointer
        edit({ op: 'jump', cell: s.cell, jump: s.jump });
      });
      li.appendChild(b);
      ol.appendChild(li);
    });
    if (back >= 0) ol.querySelectorAll('.suggestion')[Math.min(back, list.length - 1)].focus();
  }

  // preview shows a suggestion's cell and new jump on the board.
  function preview(s, on) {
    var g = cellEl(s.cell);
    if (!g) return;
    g.classList.toggle('preview', on);
    var t = g.querySelector('text:not(.depth):not(.step)');
    if (!t) return;
    if (on) { t.setAttribute('data-was', t.textContent); t.textContent = String(s.jump); } else if (t.hasAttribute('data-was')) { t.textContent = t.getAttribute('data-was'); t.removeAttribute('data-was'); }
  }

  function tool() { return document.querySelector('input[name="tool"]:checked').value; }

  // act makes the chosen tool's edit on cell c.
  function act(c, t) {
    var v = viewCell(c);
    switch (t) {
      case 'start': edit({ op: 'start', cell: c }); break;
      case 'goal': edit({ op: 'goal', cell: c }); break;
      case 'blocked': case 'pass-over': case 'absent': case 'open':
        edit({ op: 'kind', cell: c, kind: v.kind === t && t !== 'open' ? 'open' : t }); break;
      case 'wall':
        if (!wallFrom) { wallFrom = c; cellEl(c).classList.add('wall-from'); set('design-announce', 'Wall from ' + c.join(',') + ': now choose a neighbour.'); }
        else if (same(wallFrom, c)) { wallFrom = null; cellEl(c).classList.remove('wall-from'); }
        else { var a = wallFrom; wallFrom = null; edit({ op: 'wall', cell: a, other: c }); }
        break;
    }
  }

  function step(d) {
    var v = viewCell(focus);
    if (!v || v.kind !== 'open' || v.jump === 0) return;
    var j = v.jump + d;
    if (j >= 1 && j <= state.jump_limit) edit({ op: 'jump', cell: focus, jump: j });
  }

  wrap.addEventListener('click', function (ev) {
    var c = cellOf(ev.target);
    if (!c || !state) return;
    setFocus(c, true);
    if (tool() !== 'jump') act(c, tool());
  });
  wrap.addEventListener('keydown', function (ev) {
    var c = cellOf(ev.target);
    if (!c || !state || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var v = state.view, k = ev.key;
    var moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[k]) {
      var r = Math.min(v.rows, Math.max(1, c[0] + moves[k][0])), col = Math.min(v.cols, Math.max(1, c[1] + moves[k][1]));
      setFocus([r, col], true);
      typed = '';
    } else if (/^[0-9]$/.test(k)) {
      var now = Date.now();
      var s = (now - typedAt < 1000 && typed && same(c, focus) ? typed : '') + k;
      if (+s > state.jump_limit) s = k;
      typed = s; typedAt = now;
      if (+s >= 1) edit({ op: 'jump', cell: c, jump: +s });
    } else if (k === '+' || k === '=') step(1);
    else if (k === '-' || k === '−') step(-1);
    else if (k === 's' || k === 'S') act(c, 'start');
    else if (k === 'g' || k === 'G') act(c, 'goal');
    else if (k === 'b' || k === 'B') act(c, 'blocked');
    else if (k === 'Enter' || k === ' ') { if (tool() !== 'jump') act(c, tool()); }
    else return;
    ev.preventDefault();
  });

  function undo() {
    if (!past.length) return;
    var to = past.pop();
    request(function (s) { future.push(s.view.id); return { maze: to, from: s.view.id }; }, '', 'Undone');
  }
  function redo() {
    if (!future.length) return;
    var to = future.pop();
    request(function (s) { past.push(s.view.id); return { maze: to, from: s.view.id }; }, '', 'Redone');
  }
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('plus').addEventListener('click', function () { step(1); });
  $('jump-pad').addEventListener('click', function (ev) {
    var b = ev.target.closest('button[data-jump]'), v = state && viewCell(focus);
    if (!b || !v || +b.getAttribute('data-jump') === v.jump) return;
    edit({ op: 'jump', cell: focus, jump: +b.getAttribute('data-jump') });
  });
  $('minus').addEventListener('click', function () { step(-1); });
  document.addEventListener('keydown', function (ev) {
    if (!(ev.ctrlKey || ev.metaKey) || ev.target.closest('textarea, input')) return;
    var k = ev.key.toLowerCase();
    if (k === 'z' && !ev.shiftKey) undo();
    else if (k === 'y' || (k === 'z' && ev.shiftKey)) redo();
    else return;
    ev.preventDefault();
  });

  // On a phone, or with a maze to open from a link, the Open panel starts
  // folded, so that the board is on the first screen; on a phone it folds
  // again once a maze is open.
  var narrow = window.matchMedia('(max-width: 40rem)');
  var id = new URLSearchParams(location.search).get('id');
  if (narrow.matches || id) $('open').open = false;
  function open(body) {
    focus = [1, 1]; wallFrom = null;
    var before = state;
    request(function () { return body; }, 'edit', '', 'open-error').then(function () {
      if (state !== before && narrow.matches) { $('open').open = false; setFocus(focus, true); }
    });
  }
  $('open-form').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var t = $('open-maze').value.trim();
    if (t) open({ maze: t });
  });
  $('blank-form').addEventListener('submit', function (ev) {
    ev.preventDefault();
    open({ blank: { rows: +$('blank-rows').value, cols: +$('blank-cols').value, variant: $('blank-variant').value } });
  });
  $('open-random').addEventListener('click', function () {
    open({ random: { rows: +$('blank-rows').value, cols: +$('blank-cols').value, variant: $('blank-variant').value, seed: Math.floor(Math.random() * 1e9) } });
  });
  $('open-today').addEventListener('click', function () {
    fetch('/api/daily').then(function (r) { return r.json(); }).then(function (d) {
      if (d.id) open({ maze: d.id }); else showError(d.error || 'No maze of the day.', 'open-error');
    }).catch(function () { showError('The server could not be reached: try again.', 'open-error'); });
  });

  function download(name, type, data) {
    var a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([data], { type: type }));
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 0);
  }
  function fileName() { return 'maze-' + state.view.id.replace(/[^0-9a-z.,-]+/gi, '_'); }
  $('export-text').addEventListener('click', function () { if (state) download(fileName() + '.txt', 'text/plain', state.view.text); });
  $('export-json').addEventListener('click', function () { if (state) download(fileName() + '.json', 'application/json', JSON.stringify(state.view, null, 1)); });

  // The book list: mazes kept on this device (localStorage) to print as a
  // book, downloaded as the text rjm book --mazes reads: one maze ID per
  // line, lines starting with # are comments. Only what a book can print
  // is added: one board for the whole list, a unique shortest solution,
  // no black holes.
  var LIST = 'rjm:book-list';
  function readList() {
    try { var l = JSON.parse(localStorage.getItem(LIST)); return Array.isArray(l) ? l : []; } catch (e) { return []; }
  }
  function writeList(l) {
    try { localStorage.setItem(LIST, JSON.stringify(l)); return true; } catch (e) { return false; }
  }
  function boardOf(id) { return id.split(':')[0]; }
  function drawList() {
    var l = readList(), ol = $('list-items');
    ol.textContent = '';
    l.forEach(function (it, k) {
      var li = document.createElement('li');
      var a = document.createElement('a');
      a.href = '/design?id=' + encodeURIComponent(it.id);
      a.textContent = it.rows + '×' + it.cols + (it.variant ? ' ' + it.variant : '') + ', ' + it.moves + ' moves';
      var code = document.createElement('code');
      code.textContent = ' ' + it.id;
      var rm = document.createElement('button');
      rm.type = 'button';
      rm.textContent = 'Remove';
      rm.setAttribute('aria-label', 'Remove maze ' + (k + 1) + ' (' + a.textContent + ') from the book list');
      rm.addEventListener('click', function () {
        var now = readList();
        now.splice(k, 1);
        writeList(now);
        drawList();
        set('list-status', 'Removed maze ' + (k + 1) + ': ' + now.length + ' in the list.');
        var left = $('list-items').querySelectorAll('button');
        (left.length ? left[Math.min(k, left.length - 1)] : $('list-add')).focus();
      });
      li.append(a, code, ' ', rm);
      ol.appendChild(li);
    });
    $('list-download').disabled = l.length === 0;
    $('list-clear').disabled = l.length === 0;
    $('list-title').textContent = 'Book list' + (l.length ? ' (' + l.length + (l.length === 1 ? ' maze)' : ' mazes)') : '');
  }
  $('list-add').addEventListener('click', function () {
    if (!state) return;
    var v = state.view, f = v.features, l = readList();
    var why = !f.solvable ? 'the goal cannot be reached from the start' :
      !f.unique ? 'a book\'s puzzle needs a unique shortest solution (this one has ' + (f.shortest_paths_saturated ? 'very many' : f.shortest_paths) + ')' :
      f.black_holes > 0 ? 'a book\'s puzzle has no black holes (this one has ' + f.black_holes + ')' :
      l.length && boardOf(l[0].id) !== boardOf(v.id) ? 'the list\'s mazes are on the ' + boardOf(l[0].id) + ' board, and a book\'s puzzles share one board' : '';
    var k = l.findIndex(function (it) { return it.id === v.id; });
    if (!why && k >= 0) why = 'it is maze ' + (k + 1) + ' of the list already';
    if (why) { set('list-status', 'Not added: ' + why + '.'); return; }
    if (l.length >= 1000) { set('list-status', 'Not added: a book holds at most 1000 mazes.'); return; }
    l.push({ id: v.id, rows: v.rows, cols: v.cols, variant: v.variant || '', moves: f.goal_depth });
    if (!writeList(l)) { set('list-status', 'Not added: this browser keeps nothing (a private window?).'); return; }
    drawList();
    set('list-status', 'Added as maze ' + l.length + ' of the book list.');
  });
  $('list-download').addEventListener('click', function () {
    var l = readList();
    if (!l.length) return;
    download('book-list.txt', 'text/plain', '# Rook Jumping Mazes book list: ' + l.length + (l.length === 1 ? ' maze' : ' mazes') + ', from the workbench (/design)\n' +
      '# Print it: rjm book --mazes book-list.txt -o book.pdf\n' +
      l.map(function (it) { return it.id; }).join('\n') + '\n');
  });
  $('list-clear').addEventListener('click', function () {
    writeList([]);
    drawList();
    set('list-status', 'The book list is empty.');
  });
  window.addEventListener('storage', function (ev) { if (ev.key === LIST) drawList(); });
  drawList();

  request(function () { return id ? { maze: id } : { blank: { rows: 5, cols: 5 } }; });
})();
