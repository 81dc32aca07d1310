// The designer's workbench (/design): each edit is answered by the
// library's design package — in the page, by the engine in a Web Worker
// (WebAssembly: design-worker.js, web/wasm.go) once it has loaded, else
// by POST /api/design — with the maze's view and render's drawing of the
// board; the page redraws only the cells that changed, adds the view's
// marks and keeps the history of maze IDs for undo and redo. It holds no
// rule of the game.
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
  var typed = '', typedAt = 0, typedCell = null; // the digits typed, when, and on which cell
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

  // The engine: started once the page is usable (its first answer
  // shown). Until it is ready, and where there is none (no WebAssembly,
  // no engine on the server), each request goes to the server.
  // A worker that fails (a server still building its engine answers 404)
  // is tried again ENGINE_RETRIES times, 2, 4, 8… s apart; meanwhile a
  // line under the board says that the server answers each edit.
  var engine = { worker: null, ready: false, loading: false, seq: 0, waiting: {}, onReady: [], improving: null, tries: 0 };
  var ENGINE_RETRIES = 5;
  function engineNote(text) {
    var n = $('engine-note');
    n.textContent = text;
    n.hidden = !text;
  }
  function startEngine() {
    if (engine.worker) return;
    if (!window.Worker || typeof WebAssembly !== 'object') {
      wb.setAttribute('data-engine', 'server');
      engineNote('Each edit is answered by the server: this browser cannot run the page\'s own engine.');
      return;
    }
    var w;
    try { w = new Worker('/static/design-worker.js'); } catch (e) { return; }
    engine.worker = w;
    engine.loading = true;
    // The maze shown goes first: the engine warms on it before it says
    // it is ready, and then knows its figures, so that the first edit
    // costs what the next ones do.
    if (state) w.postMessage({ warm: state.view.id });
    var stop = function (why) {
      engine.ready = engine.loading = false;
      engine.worker = null;
      w.terminate();
      wb.setAttribute('data-engine', 'server');
      wb.setAttribute('data-engine-why', why);
      var again = engine.tries < ENGINE_RETRIES;
      engineNote('Each edit is answered by the server: the page\'s own engine did not start (' + why + ')' + (again ? '; trying again.' : '.'));
      if (again) setTimeout(startEngine, 2000 * Math.pow(2, engine.tries++));
      Object.keys(engine.waiting).forEach(function (id) { engine.waiting[id]('{"server":true}'); });
      engine.waiting = {};
      flush();
    };
    w.onmessage = function (ev) {
      var d = ev.data;
      if (d.ready) {
        engine.ready = true; engine.loading = false; engine.tries = 0;
        wb.setAttribute('data-engine', 'page');
        engineNote('');
        keepOffline();
        improveReady();
        flush();
      } else if (d.failed) stop(d.failed);
      else if (d.predicted) predicted(d.predicted);
      else if (d.improving) improving(d.improving);
      else if (d.improved) improved(d.improved);
      else if (engine.waiting[d.id]) {
        var f = engine.waiting[d.id];
        delete engine.waiting[d.id];
        f(d.reply, d.ms);
      }
    };
    w.onerror = function (ev) { ev.preventDefault(); stop('the engine failed: ' + (ev.message || 'error')); };
  }
  function flush() { var l = engine.onReady; engine.onReady = []; l.forEach(function (f) { f(); }); }

  // keepOffline asks the service worker to keep the workbench — this
  // page, its scripts and styles, the engine — once the engine runs, so
  // that /design with any design opens and designs without the network.
  function keepOffline() {
    if (!navigator.serviceWorker) return;
    var files = ['/design', '/static/design-worker.js', '/wasm/wasm_exec.js', '/wasm/rjm.wasm'];
    document.querySelectorAll('script[src], link[rel="stylesheet"]').forEach(function (e) { files.push(e.getAttribute('src') || e.getAttribute('href')); });
    navigator.serviceWorker.ready.then(function (reg) { if (reg.active) reg.active.postMessage({ keep: files }); });
  }

  function viaServer(body) {
    return fetch('/api/design', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, status: r.status, json: j }; }); });
  }
  function viaEngine(body) {
    var sent = performance.now(), ms = 0;
    return new Promise(function (resolve) {
      var id = ++engine.seq;
      engine.waiting[id] = function (reply, took) { ms = took; resolve(reply); };
      engine.worker.postMessage({ id: id, body: JSON.stringify(Object.assign({ later: true }, body)) });
    }).then(function (reply) {
      var back = performance.now(), r = JSON.parse(reply);
      if (r.server) return viaServer(body); // a seeded ID: generated by the server
      // Where an edit's time goes: the engine's work, the messages to and
      // from the worker (and the wait for a request before it), reading
      // the answer.
      var parts = { engine: ms, messages: back - sent - ms, parse: performance.now() - back };
      return r.answer ? { ok: true, json: r.answer, parts: parts } : { ok: false, status: 400, json: { error: r.error } };
    });
  }
  // ask answers body in the page once the engine is ready; else the
  // server does, and when the server cannot be reached while the engine
  // loads, the page does once it has.
  function ask(body) {
    if (engine.ready && !body.random) return viaEngine(body);
    return viaServer(body).catch(function (err) {
      if (body.random) throw err;
      startEngine(); // offline before the engine was asked for: the page's own answers
      if (!engine.loading) throw err;
      return new Promise(function (res) { engine.onReady.push(res); }).then(function () {
        if (!engine.ready) throw err;
        return viaEngine(body);
      });
    });
  }

  // request queues one request after the ones before, so that edits
  // typed quickly apply in order to the latest maze. make builds the body
  // from the current answer (null when there is none); said starts the
  // announcement, errAt is where an error shows. at is when the key or
  // click that asked for it came (performance.now()): how long it took to
  // the figures shown is kept in the workbench's data-edit-ms.
  function request(make, push, said, errAt, at) {
    chain = chain.then(function () {
      var body = make(state);
      if (!body) return;
      var locked = lockedOf(body);
      if (locked.length) body.locked = locked;
      wb.setAttribute('aria-busy', 'true');
      var asked = performance.now();
      return ask(body)
        .then(function (r) {
          if (!r.ok) { showError(r.json.error || ('Error ' + r.status), errAt); return; }
          showError('');
          if (push === 'edit' && state && r.json.view.id !== state.view.id) { past.push(state.view.id); future = []; }
          // Undo and redo move the history once answered: one the
          // network failed loses no step.
          else if (push === 'undo' && state) { future.push(state.view.id); past.pop(); }
          else if (push === 'redo' && state) { past.push(state.view.id); future.pop(); }
          var shown = performance.now();
          show(r.json, said);
          if (at) {
            var now = performance.now(), p = r.parts || {};
            wb.setAttribute('data-edit-ms', (now - at).toFixed(1));
            // The parts of it (data-edit-parts), for finding where the time goes.
            wb.setAttribute('data-edit-parts', JSON.stringify({ queue: +(asked - at).toFixed(1), engine: +(p.engine || 0).toFixed(1),
              messages: +(p.messages || 0).toFixed(1), parse: +(p.parse || 0).toFixed(1), show: +(now - shown).toFixed(1) }));
            // And to the frame that shows them (the browser's style,
            // layout and paint after the script), data-paint-ms.
            wb.removeAttribute('data-paint-ms');
            requestAnimationFrame(function () { setTimeout(function () { wb.setAttribute('data-paint-ms', (performance.now() - at).toFixed(1)); }, 0); });
          }
        })
        .catch(function () { showError('The server could not be reached: try again.', errAt); })
        .then(function () { wb.removeAttribute('aria-busy'); });
    });
    return chain;
  }

  // edit asks for edit e of the current maze; one that changes nothing
  // (a cell's jump typed again) is no request and no undo step.
  function edit(e, at) {
    request(function (s) {
      if (!s) return null;
      if (e.op === 'jump' && viewCell(e.cell).jump === e.jump) return null;
      return { maze: s.view.id, edit: e };
    }, 'edit', '', '', at);
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

  // esc escapes s for an SVG attribute or text.
  function esc(s) {
    return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  }
  function text(cls, x, y, size, s) {
    return '<text class="' + cls + '" x="' + x.toFixed(2) + '" y="' + y.toFixed(2) + '" font-size="' + size.toFixed(2) + '">' + esc(s) + '</text>';
  }

  // centre is the middle of a cell's outline, from the points of its
  // drawing g (a string): asking the browser (getBBox) lays the page out
  // again after every cell drawn, which cost most of an edit's time on
  // 12×12.
  function centre(g) {
    var m = /<polygon points="([^"]*)"/.exec(g);
    var p = m[1].trim().split(/[\s,]+/).map(Number);
    var x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (var k = 0; k + 1 < p.length; k += 2) {
      x0 = Math.min(x0, p[k]); x1 = Math.max(x1, p[k]);
      y0 = Math.min(y0, p[k + 1]); y1 = Math.max(y1, p[k + 1]);
    }
    return [(x0 + x1) / 2, (y0 + y1) / 2];
  }

  // marks are cell c's marks from the view, for its drawing g (render's,
  // a string): classes for the holes, the solution, forced moves,
  // decisions and clusters; its depth and step, as texts; and what they
  // are, added to its accessible name.
  function marks(g, c, size) {
    var m = { cls: [], texts: [], label: '' };
    if (g.indexOf('<polygon') < 0) return m;
    if (c.hole) m.cls.push('hole-' + c.hole);
    if (c.steps) m.cls.push('on-path');
    if (c.forced) m.cls.push('forced');
    if (c.decision) m.cls.push('decision');
    if (c.cluster) m.cls.push('cluster');
    if (c.dead_end) m.cls.push('dead-end');
    var p = centre(g);
    if (c.kind === 'open' || c.kind === 'pass-over') {
      m.texts.push({ cls: 'depth', x: p[0] - 0.3 * size, y: p[1] - 0.28 * size, size: 0.24 * size, s: small(c) });
      m.label += c.depth < 0 ? ', unreachable' : ', depth ' + c.depth;
      m.label += c.to_goal < 0 ? ', cannot reach the goal' : ', ' + c.to_goal + ' to the goal';
    }
    if (c.steps) {
      m.texts.push({ cls: 'step', x: p[0] + 0.3 * size, y: p[1] + 0.3 * size, size: 0.26 * size, s: c.steps.join('/') });
      m.label += ', step ' + c.steps.join(' and ') + ' of the solution';
    }
    if (c.hole) m.label += ', in a ' + c.hole + ' hole';
    if (c.forced) m.label += ', forced move';
    if (c.decision) m.label += ', ' + c.decision + ' decision';
    if (c.cluster) m.label += ', cluster ' + c.cluster;
    return m;
  }

  // CLASS and LABEL find a cell drawing's class and accessible name.
  var CLASS = / class="([^"]*)"/, LABEL = / aria-label="([^"]*)"/;

  // marked returns cell drawing g (a string) with marks m (marks):
  // marking the text before the browser reads it spares a hundred DOM
  // calls an edit.
  function marked(g, m) {
    var open = g.indexOf('>') + 1, head = g.slice(0, open);
    if (m.cls.length) head = head.replace(CLASS, function (all, was) { return ' class="' + was + ' ' + m.cls.join(' ') + '"'; });
    // A compared version's cells are a picture's, unnamed.
    if (m.label) head = head.replace(LABEL, function (all, was) { return ' aria-label="' + was + esc(m.label) + '"'; });
    return head + g.slice(open, g.length - 4) + m.texts.map(function (t) { return text(t.cls, t.x, t.y, t.size, t.s); }).join('') + '</g>';
  }

  // remark gives the cell drawn as el, from drawing g, marks m where only
  // its marks changed: its class, name and texts set in place, which
  // costs the browser far less than a cell drawn again.
  function remark(el, g, m) {
    var head = g.slice(0, g.indexOf('>') + 1), cls = CLASS.exec(head), label = LABEL.exec(head);
    setIf(el, 'class', unesc(cls ? cls[1] : '') + (m.cls.length ? ' ' + m.cls.join(' ') : ''));
    if (label) setIf(el, 'aria-label', unesc(label[1]) + m.label);
    var had = el.querySelectorAll('text.depth, text.step');
    had.forEach(function (t, k) { if (k >= m.texts.length || !t.classList.contains(m.texts[k].cls)) t.remove(); });
    m.texts.forEach(function (t) {
      var e = el.querySelector('text.' + t.cls);
      if (!e) {
        e = document.createElementNS(SVG, 'text');
        e.setAttribute('class', t.cls);
        e.setAttribute('x', t.x.toFixed(2));
        e.setAttribute('y', t.y.toFixed(2));
        e.setAttribute('font-size', t.size.toFixed(2));
        el.appendChild(e);
      }
      if (e.textContent !== t.s) e.textContent = t.s;
    });
  }
  function setIf(el, name, value) { if (el.getAttribute(name) !== value) el.setAttribute(name, value); }
  function unesc(s) {
    return s.replace(/&(amp|lt|gt|quot|#39);/g, function (all, e) { return { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }[e]; });
  }

  // markBoard returns render's board with every cell marked from view v.
  function markBoard(board, v, size) {
    return board.replace(CELL, function (g, r, c) { return marked(g, marks(g, v.cells[(r - 1) * v.cols + (c - 1)], size)); });
  }

  // toGoal says each cell's small number is its distance to the goal
  // (the view's to_goal, the engine's backward search), else its depth.
  var toGoal = false;
  function small(c) {
    var d = toGoal ? c.to_goal : c.depth;
    return d < 0 ? '−' : String(d);
  }
  $('to-goal').addEventListener('click', function () {
    toGoal = !toGoal;
    this.setAttribute('aria-pressed', String(toGoal));
    wrap.classList.toggle('to-goal', toGoal);
    if (!state) return;
    wrap.querySelectorAll('[data-cell]').forEach(function (g) {
      var t = g.querySelector('text.depth');
      if (t) t.textContent = small(viewCell(cellOf(g)));
    });
    set('design-announce', toGoal ? 'The small numbers are each cell\'s moves to the goal.' : 'The small numbers are each cell\'s moves from the start.');
  });

  // CELL finds a cell's drawing in render's board: a <g data-cell="r,c">
  // holding no other group (render.WriteBoard), every value escaped.
  var CELL = /<g data-cell="(\d+),(\d+)"[^>]*>[\s\S]*?<\/g>/g;
  // drawnFrame is the board's drawing without its cells, drawnCells each
  // cell's drawing and drawnKeys its view (JSON), as last drawn: an edit
  // compares strings; a cell whose drawing changed is parsed and drawn
  // again, one whose view alone changed has its marks set in place.
  var drawnFrame = null, drawnKeys = {}, drawnCells = {};

  // draw shows answer j's board: all of it when its frame changed, else
  // only the cells whose drawing or view changed (the focused one in its
  // own element, which keeps the keyboard's focus); then the solution's
  // line (drawPath). It returns how many cells it drew.
  function draw(j) {
    var v = j.view, size = sizeOf(j.board), keys = {}, cells = {}, redraw = [], remarks = [], n = 0;
    var f = j.board.replace(CELL, function (g, r, c) {
      var rc = r + ',' + c, vc = v.cells[(r - 1) * v.cols + (c - 1)], k = JSON.stringify(vc);
      keys[rc] = k;
      cells[rc] = g;
      if (drawnCells[rc] !== g) redraw.push(marked(g, marks(g, vc, size)));
      else if (drawnKeys[rc] !== k) remarks.push([rc, g, marks(g, vc, size)]);
      n++;
      return '';
    });
    var old = wrap.querySelector('svg'), drawn = redraw.length + remarks.length;
    if (!old || f !== drawnFrame) {
      var t = document.createElement('template');
      t.innerHTML = markBoard(j.board, v, size); // drawn by render (the server's or the page's engine), every value escaped
      wrap.replaceChildren(t.content.querySelector('svg'));
      drawn = n;
    } else if (drawn) {
      var els = {};
      old.querySelectorAll('[data-cell]').forEach(function (g) { els[g.getAttribute('data-cell')] = g; });
      remarks.forEach(function (x) { if (els[x[0]]) remark(els[x[0]], x[1], x[2]); });
      if (redraw.length) {
        var u = document.createElementNS(SVG, 'g');
        u.innerHTML = redraw.join(''); // drawn by render, every value escaped; marked
        Array.prototype.slice.call(u.children).forEach(function (g) {
          var was = els[g.getAttribute('data-cell')];
          if (!was) old.appendChild(g);
          // The focused cell is drawn again in its own element, which
          // keeps the focus; the others are replaced, which costs less.
          else if (was !== document.activeElement) was.replaceWith(g);
          else {
            Array.prototype.slice.call(was.attributes).forEach(function (a) { if (!g.hasAttribute(a.name)) was.removeAttribute(a.name); });
            Array.prototype.forEach.call(g.attributes, function (a) { if (was.getAttribute(a.name) !== a.value) was.setAttribute(a.name, a.value); });
            was.replaceChildren.apply(was, Array.prototype.slice.call(g.childNodes));
          }
        });
      }
    }
    drawnFrame = f;
    drawnKeys = keys;
    drawnCells = cells;
    drawPath(v, size);
    wb.setAttribute('data-drawn', drawn);
    return drawn;
  }
  // sizeOf is the size of a cell of render's board (its data-size).
  function sizeOf(board) { return +/data-size="([^"]*)"/.exec(board)[1]; }

  // drawPath draws the shortest solution shown, each move by its route as
  // the server or the page's engine gives it (View.routes, drawRoutes).
  function drawPath(v, size) {
    var svg = wrap.querySelector('svg');
    svg.querySelectorAll('polyline.path').forEach(function (l) { l.remove(); });
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

  // setFocus chooses cell c, and gives it the keyboard's focus when move
  // (without scrolling when still: the cell drawn again where it was,
  // which spares the browser a layout for the scroll).
  function setFocus(c, move, still) {
    var old = wrap.querySelector('[data-cell][tabindex="0"]');
    if (old) { old.setAttribute('tabindex', '-1'); old.classList.remove('chosen'); }
    focus = c;
    pad();
    // The cells that lead to the chosen one (the view's leads_here, the
    // engine's predecessors in the move graph) are marked.
    wrap.querySelectorAll('.leads-here').forEach(function (e) { e.classList.remove('leads-here'); });
    var vc = state && c[0] <= state.view.rows && c[1] <= state.view.cols ? viewCell(c) : null;
    (vc && vc.leads_here || []).forEach(function (p) { var e = cellEl(p); if (e) e.classList.add('leads-here'); });
    var g = cellEl(c);
    if (!g) return;
    g.setAttribute('tabindex', '0');
    g.classList.add('chosen');
    // (A cell drawn again in its own element keeps the focus it had.)
    if (move && document.activeElement !== g) g.focus(still ? { preventScroll: true } : undefined);
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
    var open = v && v.kind === 'open' && v.jump !== 0, legal = (v && v.legal) || [];
    // Only the jumps that land on the board (and the cell's own, when it
    // has none that does) are offered.
    Array.prototype.forEach.call(el.children, function (b) {
      var j = +b.getAttribute('data-jump');
      b.hidden = open && legal.indexOf(j) < 0 && j !== v.jump;
      b.disabled = !open;
      b.setAttribute('aria-pressed', String(open && j === v.jump));
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
      out.push((f.black_holes ? f.black_holes + (f.black_holes === 1 ? ' black hole' : ' black holes') : 'no black holes') + (f.holes_by_state ? ' by state' : ''));
    }
    out.push('energy ' + num(f.energy));
    if (p) out.push((v.level || 'level not checked') + ', about ' + fmtTime(p.seconds));
    else if (v.prediction_pending) out.push('predicting…');
    return out.join(' · ');
  }

  // showPrediction shows view v's prediction: it comes after the other
  // figures when the page's engine answered (predicted).
  function showPrediction(v) {
    var p = v.prediction;
    set('glance', glance(v));
    set('f-prediction', p ? 'about ' + fmtTime(p.seconds) + ' for a typical player (95%: ' + fmtTime(p.low) + ' to ' + fmtTime(p.high) + '); level ' +
      (v.level || 'not checked') + ', by its length on its board' :
      v.prediction_pending ? 'predicting…' : 'none: the maze has no solution');
  }

  // predicted fills in the prediction of the view shown, when it is the
  // one p is of (an edit made meanwhile has its own to come).
  function predicted(p) {
    if (!state || state.view.id !== p.id || !state.view.prediction_pending) return;
    var v = state.view;
    v.prediction = p.prediction;
    v.level = p.level;
    v.prediction_pending = false;
    showPrediction(v);
    if (p.suggestions) { state.suggestions = p.suggestions; moreSuggestions(p.suggestions); }
  }

  // moreSuggestions shows the suggestions, which the page's engine sends
  // after the figures (more_pending), with the prediction.
  function moreSuggestions(s) {
    var wait = s.more_pending ? 'Finding…' : '';
    suggestions('s-longer', s.longer, wait || 'No single change gives a unique solution longer than this one.');
    suggestions('s-energy', s.energy, wait || 'No single change lowers the energy.');
    suggestions('s-move', s.move, wait || 'No move of the start or the goal lowers the energy.');
    suggestions('s-pair', s.pair, wait || 'No two changes together reach a lower energy than one.');
  }

  // The undo history is kept on the device (localStorage), per design:
  // under the maze ID shown, so that a reload of /design?id=ID, which
  // always names the maze shown, undoes and redoes as before. At most
  // HISTORY_DESIGNS designs (the latest) and HISTORY_STEPS steps each.
  var HISTORY = 'rjm:design-history', HISTORY_DESIGNS = 10, HISTORY_STEPS = 200;
  // readHistories returns the histories kept ({} when none, or when what
  // is kept is not histories), null when the storage cannot be read (then
  // nothing is written over it).
  function readHistories() {
    var t;
    try { t = localStorage.getItem(HISTORY); } catch (e) { return null; }
    try { var h = JSON.parse(t); return h && typeof h === 'object' && !Array.isArray(h) ? h : {}; } catch (e) { return {}; }
  }
  function restoreHistory(id) {
    var e = (readHistories() || {})[id];
    if (!e || !Array.isArray(e.past) || !Array.isArray(e.future)) return;
    past = e.past.filter(function (x) { return typeof x === 'string'; });
    future = e.future.filter(function (x) { return typeof x === 'string'; });
  }
  function keepHistory(was, id) {
    var h = readHistories();
    if (!h) return;
    if (was && was !== id) delete h[was];
    if (past.length || future.length) h[id] = { past: past.slice(-HISTORY_STEPS), future: future.slice(-HISTORY_STEPS), at: Date.now() };
    Object.keys(h).sort(function (a, b) { return (h[b].at || 0) - (h[a].at || 0); }).slice(HISTORY_DESIGNS).forEach(function (k) { delete h[k]; });
    try { localStorage.setItem(HISTORY, JSON.stringify(h)); } catch (e) { /* a private window keeps nothing */ }
  }

  // saveLater puts the maze shown in the page's address and keeps its
  // undo history (keepHistory) after the frame that shows an edit: each
  // costs up to 30 ms on a busy 2-core machine, a third of an edit's
  // time. Edits shown meanwhile are saved together; a page hidden or left
  // saves at once (leave).
  var unsaved = null, lastAddress = null;
  function saveLater(was, id) {
    if (unsaved) { unsaved.id = id; return; }
    unsaved = { was: was, id: id };
    requestAnimationFrame(function () { setTimeout(save, 0); });
    setTimeout(save, 100); // a hidden page draws no frame
  }
  function save() {
    if (!unsaved) return;
    var u = unsaved;
    unsaved = null;
    lastAddress = addressID();
    history.replaceState(null, '', '/design?id=' + encodeURIComponent(u.id));
    keepHistory(u.was, u.id);
  }
  function addressID() { return new URLSearchParams(location.search).get('id'); }

  // A reload goes to the address the browser last heard of, which can be
  // the one before an edit shown a moment before (saveLater, and the
  // address's way to the browser). So a page hidden or left notes the
  // maze it shows, and its addresses of late, in this tab's session
  // storage (UNSAVED); a reload of one of them opens that maze
  // (openedID).
  var UNSAVED = 'rjm:design-unsaved';
  function leave() {
    save();
    if (!state) return;
    try {
      sessionStorage.setItem(UNSAVED, JSON.stringify({ to: state.view.id, from: [lastAddress, addressID()], at: Date.now() }));
    } catch (e) { /* nowhere to note it */ }
  }
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') leave();
    else try { sessionStorage.removeItem(UNSAVED); } catch (e) { /* none */ } // not left after all
  });
  // openedID is the maze to open: the address's, or on a reload the one
  // the page before noted it showed (leave).
  function openedID() {
    var id = addressID(), u = null;
    try {
      u = JSON.parse(sessionStorage.getItem(UNSAVED));
      sessionStorage.removeItem(UNSAVED);
    } catch (e) { /* none */ }
    var nav = performance.getEntriesByType ? performance.getEntriesByType('navigation')[0] : null;
    if (u && nav && nav.type === 'reload' && Array.isArray(u.from) && u.from.indexOf(id) >= 0 &&
      typeof u.to === 'string' && u.to && u.to !== id && Math.abs(Date.now() - u.at) < 60000) {
      history.replaceState(null, '', '/design?id=' + encodeURIComponent(u.to));
      return u.to;
    }
    return id;
  }

  function show(j, prefix) {
    var was_ = state && state.view.id;
    var hadFocus = wrap.contains(document.activeElement);
    var was = document.activeElement;
    state = j;
    wrap.hidden = false;
    draw(j);
    markLocks();
    improveReady();
    var v = j.view, f = v.features;
    if (focus[0] > v.rows || focus[1] > v.cols) focus = [1, 1];
    setFocus(focus, hadFocus, true);
    if (wallFrom) { var w = cellEl(wallFrom); if (w) w.classList.add('wall-from'); }
    set('facts-summary', v.summary);
    set('f-solution', f.solvable ? f.goal_depth + ' moves: ' + f.solution : 'none: the goal cannot be reached');
    set('f-unique', !f.solvable ? '–' : f.unique ? 'yes' : 'no, ' + (f.shortest_paths_saturated ? 'very many' : f.shortest_paths) + ' shortest');
    // black_hole_size says what is counted where a state is more than a
    // cell (analysis.Features.BlackHoleSize).
    set('f-black', f.black_holes + (f.black_holes || f.holes_by_state ? ' (' + v.black_hole_size + ')' : ''));
    set('f-white', f.white_holes + (f.white_holes ? ' (' + cells(f.white_hole_cells) + ')' : ''));
    set('f-forced', String(f.initial_forced_moves));
    set('f-decisions', num(f.forward_decisions) + ', ' + num(f.backward_decisions));
    set('f-clusters', f.clusters.length + (f.clusters.length ? ' (penalty ' + f.cluster_penalty + ')' : ''));
    set('f-energy', String(num(f.energy)));
    showPrediction(v);
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
    moreSuggestions(j.suggestions);
    set('save-id', v.id);
    var q = '?id=' + encodeURIComponent(v.id);
    $('save-link').href = '/design' + q;
    $('save-play').href = '/m/' + encodeURIComponent(v.id);
    $('save-print').href = '/print/' + encodeURIComponent(v.id);
    $('undo').disabled = !past.length;
    $('redo').disabled = !future.length;
    saveLater(was_, v.id);
    laterVersions();
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
      b.setAttribute('data-kind', s.kind);
      b.setAttribute('data-energy', s.energy);
      b.setAttribute('data-maze', s.maze);
      b.addEventListener('mouseenter', function () { preview(s, true); });
      b.addEventListener('mouseleave', function () { preview(s, false); });
      b.addEventListener('focus', function () { preview(s, true); });
      b.addEventListener('blur', function () { preview(s, false); });
      b.addEventListener('click', function (ev) {
        preview(s, false);
        if (ev.detail === 0) again = { list: id, k: k }; // Enter or Space, not a pointer
        if (s.kind === 'jump') edit({ op: 'jump', cell: s.cell, jump: s.jump });
        else request(function (st) { return st ? { maze: s.maze, from: st.view.id } : null; }, 'edit', 'Suggestion made');
        // On a phone the suggestions sit below the board: a tapped one
        // brings the board (and what the edit changed) back into view.
        if (narrow.matches && ev.detail !== 0) wrap.scrollIntoView({ block: 'start' });
      });
      li.appendChild(b);
      ol.appendChild(li);
    });
    if (back >= 0) ol.querySelectorAll('.suggestion')[Math.min(back, list.length - 1)].focus();
  }

  // preview shows a suggestion's cells and new jumps on the board (a
  // start or goal move: its cell).
  function preview(s, on) {
    if (s.kind === 'pair') previewCell(s.cell2, s.jump2, on);
    previewCell(s.cell, s.kind === 'jump' || s.kind === 'pair' ? s.jump : 0, on);
  }
  function previewCell(c, jump, on) {
    var g = cellEl(c);
    if (!g) return;
    g.classList.toggle('preview', on);
    var t = g.querySelector('text:not(.depth):not(.step)');
    if (!t) return;
    if (!jump) return;
    if (on) { t.setAttribute('data-was', t.textContent); t.textContent = String(jump); } else if (t.hasAttribute('data-was')) { t.textContent = t.getAttribute('data-was'); t.removeAttribute('data-was'); }
  }

  // Locks: the cells "improve the rest" keeps, as "row,col" (on this
  // device, for the board shown).
  var locks = {};
  function markLocks() {
    wrap.querySelectorAll('[data-cell].locked').forEach(function (g) {
      if (!locks[g.getAttribute('data-cell')]) g.classList.remove('locked');
    });
    Object.keys(locks).forEach(function (k) {
      var g = wrap.querySelector('[data-cell="' + k + '"]');
      if (g) g.classList.add('locked');
    });
    var n = Object.keys(locks).length;
    set('improve', n ? 'Improve the rest (' + n + ' locked)' : 'Improve the rest');
  }
  // lockedOf returns the locks on the board of request body's maze (its
  // size: the ID's "RxC", or the blank or random board's), as [row, col]
  // pairs: every request carries them, so that no suggestion changes a
  // locked cell (design.Request's locked).
  function lockedOf(body) {
    var b = body.blank || body.random, m = /^(\d+)x(\d+)/.exec(body.maze || '');
    var rows = b ? b.rows : m ? +m[1] : 0, cols = b ? b.cols : m ? +m[2] : 0;
    return Object.keys(locks).map(function (k) { return k.split(',').map(Number); })
      .filter(function (c) { return c[0] <= rows && c[1] <= cols; });
  }
  var lockAsk = null;
  function toggleLock(c) {
    var k = c.join(',');
    if (locks[k]) delete locks[k]; else locks[k] = true;
    markLocks();
    var said = (locks[k] ? 'Locked ' : 'Unlocked ') + k + ': ' + Object.keys(locks).length + ' locked.';
    set('design-announce', said);
    // The suggestions asked for again with the locks (once the designer
    // pauses), the changes still said from the maze before.
    clearTimeout(lockAsk);
    lockAsk = setTimeout(function () {
      request(function (s) { return s ? { maze: s.view.id, from: past.length ? past[past.length - 1] : undefined } : null; }, '', said);
    }, 300);
  }

  // Improve the rest: the engine's search (design.Improve) in the
  // worker, with its progress and a stop; the best maze it finds is made
  // as one edit (Undo takes it back). Only with the page's engine.
  var IMPROVE_STEPS = 200000;
  function improveReady() {
    $('improve').disabled = !engine.ready || !state || !!engine.improving;
    $('improve-stop').disabled = !engine.improving;
  }
  $('improve').addEventListener('click', function () {
    if (!engine.ready || !state || engine.improving) return;
    var v = state.view;
    var locked = lockedOf({ maze: v.id });
    engine.improving = { from: v.id, start: performance.now() };
    engine.worker.postMessage({ improve: { maze: v.id, locked: locked, seed: Math.floor(Math.random() * 1e9), steps: IMPROVE_STEPS } });
    set('improve-status', 'Improving…');
    improveReady();
  });
  $('improve-stop').addEventListener('click', function () { if (engine.improving) engine.worker.postMessage({ stop: true }); });
  function improving(p) {
    set('improve-status', 'Improving: ' + Math.round(100 * p.steps / p.of) + '% of ' + p.of + ' steps, best energy ' + num(p.energy) + '…');
  }
  function improved(p) {
    var was = engine.improving;
    engine.improving = null;
    improveReady();
    if (p.error) { set('improve-status', 'Improve the rest failed: ' + p.error); return; }
    var secs = ((performance.now() - was.start) / 1000).toFixed(1);
    if (!state || state.view.id !== was.from) { set('improve-status', 'The maze changed meanwhile: its result was dropped.'); return; }
    if (p.best === was.from) { set('improve-status', (p.stopped ? 'Stopped' : 'Done') + ' after ' + p.steps + ' steps (' + secs + ' s): nothing better found.'); return; }
    set('improve-status', (p.stopped ? 'Stopped' : 'Done') + ' after ' + p.steps + ' steps (' + secs + ' s): the best maze found is made (Undo takes it back).');
    request(function (s) { return s && s.view.id === was.from ? { maze: p.best, from: s.view.id } : null; }, 'edit', 'Improved');
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
      case 'lock': toggleLock(c); break;
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

  // aboveDock scrolls the page, on a phone, so that the board is not
  // under the docked jump pad and figures (design.css), never past the
  // board's top.
  function aboveDock() {
    if (!narrow.matches) return;
    var dock = $('design-dock').getBoundingClientRect(), b = wrap.getBoundingClientRect();
    var over = b.bottom - dock.top;
    if (over > 0 && b.top > 0) window.scrollBy(0, Math.min(over, b.top));
  }

  wrap.addEventListener('click', function (ev) {
    var c = cellOf(ev.target);
    if (!c || !state) return;
    setFocus(c, true);
    aboveDock();
    if (tool() !== 'jump') act(c, tool());
  });
  // A cell focused any other way (a screen reader's cursor, a script)
  // is the chosen cell too.
  wrap.addEventListener('focusin', function (ev) {
    var c = cellOf(ev.target);
    if (c && state && !same(c, focus)) setFocus(c, false);
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
      // Two digits make one jump only on the same cell within a second.
      var s = (now - typedAt < 1000 && typed && typedCell && same(c, typedCell) ? typed : '') + k;
      if (+s > state.jump_limit) s = k;
      typed = s; typedAt = now; typedCell = c;
      if (+s >= 1) edit({ op: 'jump', cell: c, jump: +s }, performance.now());
    } else if (k === '+' || k === '=') step(1);
    else if (k === '-' || k === '−') step(-1);
    else if (k === 's' || k === 'S') act(c, 'start');
    else if (k === 'g' || k === 'G') act(c, 'goal');
    else if (k === 'b' || k === 'B') act(c, 'blocked');
    else if (k === 'l' || k === 'L') toggleLock(c);
    else if (k === 'Enter' || k === ' ') { if (tool() !== 'jump') act(c, tool()); }
    else return;
    ev.preventDefault();
  });

  function undo() {
    if (!past.length) return;
    request(function (s) { return s && past.length ? { maze: past[past.length - 1], from: s.view.id } : null; }, 'undo', 'Undone');
  }
  function redo() {
    if (!future.length) return;
    request(function (s) { return s && future.length ? { maze: future[future.length - 1], from: s.view.id } : null; }, 'redo', 'Redone');
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
  var id = openedID();
  if (id) restoreHistory(id);
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
  // is added: a unique shortest solution, no black holes (mazes on
  // several boards make a volume, a part per board).
  var LIST = 'rjm:book-list';
  function readList() {
    try { var l = JSON.parse(localStorage.getItem(LIST)); return Array.isArray(l) ? l : []; } catch (e) { return []; }
  }
  function writeList(l) {
    try { localStorage.setItem(LIST, JSON.stringify(l)); return true; } catch (e) { return false; }
  }
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
    laterVersions();
    $('list-title').textContent = 'Book list' + (l.length ? ' (' + l.length + (l.length === 1 ? ' maze)' : ' mazes)') : '');
  }
  // bookCheck says why the view's maze cannot join list l ('' when it
  // can): with the page's engine by book.FromList's own checks
  // (design.CheckBookEntry: the solution, the black holes), else by the
  // view's figures.
  function bookCheck(v, l) {
    var f = v.features;
    if (engine.ready) {
      return new Promise(function (resolve) {
        var id = ++engine.seq;
        engine.waiting[id] = resolve;
        engine.worker.postMessage({ id: id, body: JSON.stringify({ book: { first: l.length ? l[0].id : '', maze: v.id } }) });
      }).then(function (reply) { var r = JSON.parse(reply); return r.book_ok ? '' : r.error || 'not a book\'s puzzle'; });
    }
    return Promise.resolve(!f.solvable ? 'the goal cannot be reached from the start' :
      !f.unique ? 'a book\'s puzzle needs a unique shortest solution (this one has ' + (f.shortest_paths_saturated ? 'very many' : f.shortest_paths) + ')' :
      f.black_holes > 0 ? 'a book\'s puzzle has no black holes (this one has ' + f.black_holes + ')' : '');
  }
  $('list-add').addEventListener('click', function () {
    if (!state) return;
    var v = state.view, f = v.features, l = readList();
    var k = l.findIndex(function (it) { return it.id === v.id; });
    if (k >= 0) { set('list-status', 'Not added: it is maze ' + (k + 1) + ' of the list already.'); return; }
    if (l.length >= 1000) { set('list-status', 'Not added: a book holds at most 1000 mazes.'); return; }
    bookCheck(v, l).then(function (why) {
      if (why) { set('list-status', 'Not added: ' + why + '.'); return; }
      l = readList();
      if (l.some(function (it) { return it.id === v.id; })) return;
      l.push({ id: v.id, rows: v.rows, cols: v.cols, variant: v.variant || '', moves: f.goal_depth });
      if (!writeList(l)) { set('list-status', 'Not added: this browser keeps nothing (a private window?).'); return; }
      drawList();
      set('list-status', 'Added as maze ' + l.length + ' of the book list.');
    });
  });
  $('list-download').addEventListener('click', function () {
    var l = readList();
    if (!l.length) return;
    download('book-list.txt', 'text/plain', '# Rook Jumping Mazes book list: ' + l.length + (l.length === 1 ? ' maze' : ' mazes') + ', from the workbench (/design)\n' +
      '# Print it: rjm book --mazes book-list.txt -o book.pdf\n' +
      l.map(function (it) { return it.id; }).join('\n') + '\n');
  });
  // Clear list asks first: its first press arms it ("Clear all N?"), a
  // second within five seconds clears; leaving it disarms it.
  var clearArmed = null;
  function disarm() {
    if (!clearArmed) return;
    clearTimeout(clearArmed);
    clearArmed = null;
    $('list-clear').textContent = 'Clear list';
  }
  $('list-clear').addEventListener('click', function () {
    var n = readList().length;
    if (!clearArmed) {
      clearArmed = setTimeout(disarm, 5000);
      $('list-clear').textContent = 'Clear all ' + n + '?';
      set('list-status', 'Press again to remove all ' + n + (n === 1 ? ' maze' : ' mazes') + ' from the book list.');
      return;
    }
    disarm();
    writeList([]);
    drawList();
    set('list-status', 'The book list is empty.');
  });
  $('list-clear').addEventListener('blur', disarm);
  window.addEventListener('storage', function (ev) { if (ev.key === LIST) drawList(); });
  drawList();

  // Two versions side by side: both views, render's drawings and the
  // cells that differ (design.DoCompare, in the page's engine or on the
  // server), the differing cells outlined on both. The page computes none
  // of it. The versions offered: this one, the undo and redo steps, the
  // book list; or a maze ID pasted.
  function versionChoices() {
    var out = [], seen = {}, k;
    var add = function (id, label) { if (id && !seen[id]) { seen[id] = true; out.push({ id: id, label: label }); } };
    var steps = function (n) { return n + (n === 1 ? ' step' : ' steps'); };
    if (state) add(state.view.id, 'This version (now)');
    for (k = past.length - 1; k >= Math.max(0, past.length - VERSIONS); k--) add(past[k], steps(past.length - k) + ' back (Undo)');
    for (k = future.length - 1; k >= Math.max(0, future.length - VERSIONS); k--) add(future[k], steps(future.length - k) + ' ahead (Redo)');
    readList().slice(0, VERSIONS).forEach(function (it, k) { add(it.id, 'Book list ' + (k + 1) + ': ' + it.rows + '×' + it.cols + ', ' + it.moves + ' moves'); });
    return out;
  }
  // The lists offer the latest VERSIONS undo and redo steps and the first
  // VERSIONS mazes of the book list (any other: its ID pasted), made
  // again after an edit's figures are shown, not before.
  var VERSIONS = 50, versionsDue = false;
  function laterVersions() {
    if (versionsDue) return;
    versionsDue = true;
    setTimeout(function () { versionsDue = false; fillVersions(); }, 0);
  }
  // fillVersions offers the versions in both lists: by default A the
  // version before this one and B this one; a choice made keeps its place.
  function fillVersions() {
    var l = versionChoices();
    ['compare-a', 'compare-b'].forEach(function (id, k) {
      var sel = $(id), at = sel.selectedIndex;
      sel.textContent = '';
      l.forEach(function (c) { var o = document.createElement('option'); o.value = c.id; o.textContent = c.label; sel.appendChild(o); });
      sel.selectedIndex = sel.hasAttribute('data-picked') && at >= 0 && at < l.length ? at : Math.min(l.length - 1, k === 0 ? 1 : 0);
    });
  }
  ['compare-a', 'compare-b'].forEach(function (id) { $(id).addEventListener('change', function () { this.setAttribute('data-picked', ''); }); });
  function showCompareError(msg) { var e = $('compare-error'); e.textContent = msg; e.hidden = !msg; }
  function askCompare(body) {
    if (engine.ready) {
      return new Promise(function (resolve) {
        var id = ++engine.seq;
        engine.waiting[id] = resolve;
        engine.worker.postMessage({ id: id, body: JSON.stringify(body) });
      }).then(function (reply) { var r = JSON.parse(reply); return r.versions ? { versions: r.versions } : { error: r.error || 'the versions could not be compared' }; });
    }
    return viaServer(body).then(function (r) { return r.ok ? { versions: r.json } : { error: r.json.error || ('Error ' + r.status) }; });
  }
  $('compare-form').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var a = $('compare-a-id').value.trim() || $('compare-a').value, b = $('compare-b-id').value.trim() || $('compare-b').value;
    if (!a || !b) { showCompareError('Pick two versions, or paste their maze IDs.'); return; }
    set('compare-status', 'Comparing…');
    askCompare({ compare: { a: a, b: b } }).then(function (r) {
      if (r.error) { set('compare-status', ''); showCompareError(r.error); return; }
      showCompareError('');
      showVersions(r.versions);
    }).catch(function () { set('compare-status', ''); showCompareError('The server could not be reached: try again.'); });
  });
  function showVersions(v) {
    var diff = {};
    v.differ.forEach(function (c) { diff[c.join(',')] = true; });
    [['compare-fig-a', v.a, 'A'], ['compare-fig-b', v.b, 'B']].forEach(function (x) {
      var fig = $(x[0]), view = x[1].view, f = view.features, p = view.prediction;
      fig.setAttribute('data-id', view.id);
      fig.querySelector('figcaption').textContent = 'Version ' + x[2] + ': ' + view.id;
      var t = document.createElement('template'), size = sizeOf(x[1].board);
      t.innerHTML = markBoard(x[1].board, view, size); // drawn by render, every value escaped
      var svg = t.content.querySelector('svg');
      svg.querySelectorAll('[data-cell]').forEach(function (g) {
        if (diff[g.getAttribute('data-cell')]) g.classList.add('differs');
      });
      // Drawn last, so that no neighbour covers their outline.
      svg.querySelectorAll('.differs').forEach(function (g) { svg.appendChild(g); });
      drawRoutes(svg, view.routes || [], 'path', (size * 0.06).toFixed(2));
      fig.querySelector('.compare-board').replaceChildren(svg);
      var dl = fig.querySelector('dl');
      dl.textContent = '';
      [['moves', 'Shortest solution', f.solvable ? f.goal_depth + ' moves' : 'none'],
        ['unique', 'Unique', !f.solvable ? '–' : f.unique ? 'yes' : 'no, ' + (f.shortest_paths_saturated ? 'very many' : f.shortest_paths) + ' shortest'],
        ['black-holes', 'Black holes', String(f.black_holes)],
        ['white-holes', 'White holes', String(f.white_holes)],
        ['energy', 'Energy', String(num(f.energy))],
        ['level', 'Level', view.level || 'not checked'],
        ['time', 'Predicted time', p ? 'about ' + fmtTime(p.seconds) : 'none'],
        ['forced', 'Forced moves', String(f.initial_forced_moves)],
        ['decisions', 'Decisions (fwd, back)', num(f.forward_decisions) + ', ' + num(f.backward_decisions)]].forEach(function (r) {
        var d = document.createElement('div'), dt = document.createElement('dt'), dd = document.createElement('dd');
        dt.textContent = r[1]; dd.textContent = r[2]; dd.setAttribute('data-figure', r[0]);
        d.append(dt, dd);
        dl.appendChild(d);
      });
    });
    var n = v.differ.length;
    set('compare-status', n === 0 ? 'The two versions are the same maze.' :
      cells(n) + ' differ, outlined on both: ' + v.differ.map(function (c) { return '(' + c.join(',') + ')'; }).join(', ') + '.');
    $('compare-out').hidden = false;
  }

  // The first maze: a link's (an error in it shown at the top, in the
  // Open panel, with no board under it) or a blank 5×5. The engine loads
  // once the page is usable.
  request(function () { return id ? { maze: id } : { blank: { rows: 5, cols: 5 } }; }, '', '', 'open-error').then(function () {
    if (!state) {
      $('open').open = true;
      wrap.hidden = true;
      $('open').scrollIntoView();
    }
    startEngine();
  });
})();
