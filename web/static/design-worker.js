// The workbench's engine in a Web Worker (web/wasm.go): cmd/rjmwasm, the
// library's own design package built for the page, answers each request
// of /design as POST /api/design does, so that an edit never waits on the
// network. It says {ready: true} once loaded, or {failed: why} (no
// engine on this server, no WebAssembly): the page then asks the server.
//
// Messages in: {id, body} (a design request as JSON). Out: {id, reply, ms}
// (the engine's JSON: {answer}, {error} or {server: true}, and the
// milliseconds the engine took to make it), and, when no
// request waits, {predicted} for the last answer's view, whose prediction
// (most of an edit's work: the simulated novices) comes after the figures.
// {improve: {maze, locked, seed, steps}} runs "improve the rest" in chunks
// of CHUNK steps, saying {improving: {steps, best, energy}} after each and
// {improved: …} at the end; {stop: true} ends it after the chunk running.
// {warm: id}, sent as the worker starts, is the maze the page shows: the
// engine analyses it before saying it is ready.
'use strict';
var queue = [], pending = null, scheduled = false, improving = null, warm = null;
var CHUNK = 10000;
var WARM = '5x5:4243213234412233332224304', WARM_ROUNDS = 4; // rjm generate --size 5 --seed 1

function pump() {
  scheduled = false;
  if (improving && !queue.length) {
    improveChunk();
  } else if (queue.length) {
    var m = queue.shift(), t0 = performance.now(), reply = self.rjmDesign(m.body);
    self.postMessage({ id: m.id, reply: reply, ms: performance.now() - t0 });
    if (reply.indexOf('"prediction_pending":true') >= 0) {
      var r = JSON.parse(reply);
      // The locked cells go with it: the suggestions, which come with the
      // prediction, keep them too.
      pending = r.answer ? { id: r.answer.view.id, locked: JSON.parse(m.body).locked } : null;
    }
  } else if (pending) {
    // Only the latest view's prediction: an edit typed meanwhile went
    // first (its message was queued before this turn).
    var p = JSON.parse(self.rjmDesign(JSON.stringify({ predict: pending.id, locked: pending.locked })));
    pending = null;
    if (p.predicted) self.postMessage({ predicted: p.predicted });
  }
  if (queue.length || pending || improving) schedule();
}

// improveChunk runs the next chunk of the search, from where the last
// one stopped (its maze and temperature), keeping the best of them all.
function improveChunk() {
  var j = improving, n = Math.min(CHUNK, j.steps - j.done);
  var r = JSON.parse(self.rjmDesign(JSON.stringify({ improve: { maze: j.last, locked: j.locked, seed: j.seed + j.done, steps: n, t0: j.t, decay: j.decay } })));
  if (!r.improved) {
    improving = null;
    self.postMessage({ improved: { error: r.error || 'the search failed' } });
    return;
  }
  var a = r.improved;
  j.done += a.steps; j.last = a.last; j.t = a.t;
  if (j.energy === null || a.energy < j.energy) { j.energy = a.energy; j.best = a.best; }
  var end = j.done >= j.steps || j.stop;
  self.postMessage(end ? { improved: { best: j.best, energy: j.energy, steps: j.done, stopped: !!j.stop } } : { improving: { best: j.best, energy: j.energy, steps: j.done, of: j.steps } });
  if (end) improving = null;
}
function schedule() {
  if (!scheduled && typeof self.rjmDesign === 'function') { scheduled = true; setTimeout(pump, 0); }
}

self.onmessage = function (e) {
  var d = e.data;
  if (d.improve) {
    var t0 = 4;
    improving = { last: d.improve.maze, locked: d.improve.locked, seed: d.improve.seed, steps: d.improve.steps, done: 0,
      t: t0, decay: Math.pow(0.01 / t0, 1 / d.improve.steps), best: d.improve.maze, energy: null, stop: false };
  } else if (d.warm) {
    warm = d.warm;
  } else if (d.stop) {
    if (improving) improving.stop = true;
  } else queue.push(d);
  schedule();
};

try {
  importScripts('/wasm/wasm_exec.js');
  var go = new self.Go();
  fetch('/wasm/rjm.wasm').then(function (r) {
    if (!r.ok) throw new Error('no engine on this server (' + r.status + ')');
    return WebAssembly.instantiateStreaming ? WebAssembly.instantiateStreaming(r, go.importObject)
      : r.arrayBuffer().then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
  }).then(function (res) {
    go.run(res.instance);
    if (typeof self.rjmDesign !== 'function') throw new Error('the engine did not start');
    // The browser compiles the engine's code as it first runs, and
    // compiles it again, better, once it has run often (WebAssembly's
    // tiers): the first edits were three times slower than the rest.
    // Edits of a small and a 12×12 maze (memory grown to what a large
    // board needs) run WARM_ROUNDS times before the engine says it is
    // ready (50–300 ms; the page asks the server until then).
    for (var k = 0; k < WARM_ROUNDS; k++) {
      self.rjmDesign(JSON.stringify({ maze: WARM, edit: { op: 'jump', cell: [1, 1], jump: 2 }, later: true }));
      self.rjmDesign(JSON.stringify({ maze: '12x12:' + '1'.repeat(143) + '0', edit: { op: 'jump', cell: [1, 1], jump: 2 }, later: true }));
    }
    // And the page's own maze last, whose figures the first edit then
    // finds kept (design.Bench's last view).
    if (warm) self.rjmDesign(JSON.stringify({ maze: warm, later: true }));
    self.postMessage({ ready: true });
    schedule();
  }).catch(function (err) {
    self.postMessage({ failed: String(err && err.message || err) });
  });
} catch (err) {
  self.postMessage({ failed: String(err && err.message || err) });
}
