// The workbench's engine in a Web Worker (web/wasm.go): cmd/rjmwasm, the
// library's own design package built for the page, answers each request
// of /design as POST /api/design does, so that an edit never waits on the
// network. It says {ready: true} once loaded, or {failed: why} (no
// engine on this server, no WebAssembly): the page then asks the server.
//
// Messages in: {id, body} (a design request as JSON). Out: {id, reply}
// (the engine's JSON: {answer}, {error} or {server: true}), and, when no
// request waits, {predicted} for the last answer's view, whose prediction
// (most of an edit's work: the simulated novices) comes after the figures.
'use strict';
var queue = [], pending = null, scheduled = false;

function pump() {
  scheduled = false;
  if (queue.length) {
    var m = queue.shift(), reply = self.rjmDesign(m.body);
    self.postMessage({ id: m.id, reply: reply });
    if (reply.indexOf('"prediction_pending":true') >= 0) {
      var r = JSON.parse(reply);
      pending = r.answer ? r.answer.view.id : null;
    }
  } else if (pending) {
    // Only the latest view's prediction: an edit typed meanwhile went
    // first (its message was queued before this turn).
    var p = JSON.parse(self.rjmDesign(JSON.stringify({ predict: pending })));
    pending = null;
    if (p.predicted) self.postMessage({ predicted: p.predicted });
  }
  if (queue.length || pending) schedule();
}
function schedule() {
  if (!scheduled && typeof self.rjmDesign === 'function') { scheduled = true; setTimeout(pump, 0); }
}

self.onmessage = function (e) {
  queue.push(e.data);
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
    self.postMessage({ ready: true });
    schedule();
  }).catch(function (err) {
    self.postMessage({ failed: String(err && err.message || err) });
  });
} catch (err) {
  self.postMessage({ failed: String(err && err.message || err) });
}
