// The service worker, served from /sw.js so that its scope is the whole
// site: it keeps the shell (style, scripts, icons), today's maze and the
// player's pages, so that a reload without the network still shows and
// plays the maze; and the workbench (/design) with its engine (/wasm/,
// web/wasm.go), so that it designs offline. Pages come from the network first (a new day shows as
// soon as it can) and from the cache when the network fails or is too
// slow; the static files from the cache first. The API is never cached: a
// play made offline waits in the page's outbox (history.js), not here.
'use strict';

// VERSION is set by the server to a hash of the static files, so that a
// change to any of them installs a new worker with a fresh cache.
var VERSION = 'dev';
var CACHE = 'rjm-' + VERSION;
var SHELL = ['/', '/me', '/archive', '/manifest.webmanifest', '/static/style.css', '/static/history.js',
  '/static/play.js', '/static/tutorial.js', '/static/me.js', '/static/favicon.svg', '/static/icon.svg', '/static/icon-192.png'];
// PAGE_WAIT is how long a page may take from the network before the
// cached copy is shown instead.
var PAGE_WAIT = 4000;

self.addEventListener('install', function (e) {
  // cache: 'reload' skips the browser's HTTP cache, which may hold the
  // files of the version before.
  var fresh = SHELL.map(function (u) { return new Request(u, { cache: 'reload' }); });
  e.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(fresh); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (e) {
  e.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf('rjm-') === 0 && k !== CACHE; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

// kept says whether a GET of this path is kept: the player's pages, the
// workbench and its engine, and the static files, never the API.
function kept(path) {
  return path === '/' || path === '/me' || path === '/archive' || path === '/manifest.webmanifest' || path === '/design' ||
    path.indexOf('/static/') === 0 || path.indexOf('/d/') === 0 || path.indexOf('/m/') === 0 || path.indexOf('/wasm/') === 0;
}

// put keeps res as req's answer, and returns res. The workbench is kept
// once, whatever design its address names (its script reads the design
// from the address).
function put(req, res) {
  store(req, res);
  return res;
}
function store(req, res) {
  if (!res || !res.ok || res.type !== 'basic') return Promise.resolve();
  var key = new URL(req.url).pathname === '/design' ? '/design' : req;
  var copy = res.clone();
  return caches.open(CACHE).then(function (c) { return c.put(key, copy); });
}

// engineFile answers a file of the workbench's engine (/wasm/) from the
// network, or from the cache when the network fails or has none yet (a
// server restarted builds its engine anew, answering 404 meanwhile).
function engineFile(req) {
  var cached = function (res) {
    return caches.match(req).then(function (hit) { if (hit) return hit; if (res) return res; throw new Error('no engine kept'); });
  };
  return fetch(req).then(function (res) { return res.ok ? put(req, res) : cached(res); }, function () { return cached(null); });
}

// keep fetches and keeps the files a page names (the workbench's: its
// page, scripts and engine, sent once they have loaded, so that a
// workbench opened once designs offline, whichever design is reloaded:
// pages are matched without their query).
self.addEventListener('message', function (e) {
  var d = e.data;
  if (!d || !Array.isArray(d.keep)) return;
  e.waitUntil(Promise.all(d.keep.slice(0, 16).map(function (u) {
    var url;
    try { url = new URL(u, self.location.origin); } catch (err) { return null; }
    if (url.origin !== self.location.origin || !kept(url.pathname)) return null;
    var req = new Request(url.pathname + url.search);
    return fetch(req).then(function (res) { return store(req, res); }, function () { /* kept next time */ });
  })));
});

// page answers a page from the network, or from the cache when the
// network fails, or when it takes over PAGE_WAIT and a copy is kept (with
// none, it waits for the network).
function page(req) {
  var net = fetch(req).then(function (res) { return put(req, res); });
  var cached = function () { return caches.match(req, { ignoreSearch: true }); };
  var slow = new Promise(function (resolve) { setTimeout(resolve, PAGE_WAIT); }).then(cached).then(function (hit) { return hit || net; });
  return Promise.race([net, slow]).catch(function () {
    return cached().then(function (hit) { return hit || offlinePage(); });
  });
}

function offlinePage() {
  return new Response('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Offline</title><link rel="stylesheet" href="/static/style.css"></head><body><main><h1>You are offline</h1>' +
    '<p>This page was not kept on this device. <a href="/">Today\'s maze</a> and <a href="/me">your stats</a> work offline.</p></main></body></html>',
  { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'self'; script-src 'none'" } });
}

self.addEventListener('fetch', function (e) {
  var req = e.request;
  if (req.method !== 'GET') { return; }
  var url = new URL(req.url);
  if (url.origin !== self.location.origin || !kept(url.pathname)) { return; }
  if (url.pathname.indexOf('/static/') === 0 || url.pathname === '/manifest.webmanifest') {
    e.respondWith(caches.match(req).then(function (hit) {
      return hit || fetch(req).then(function (res) { return put(req, res); });
    }));
    return;
  }
  // The engine (rebuilt without a new worker: the server revalidates it
  // by its ETag) and pages come from the network first.
  e.respondWith(url.pathname.indexOf('/wasm/') === 0 ? engineFile(req) : page(req));
});
