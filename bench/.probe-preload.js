// Probe: per-request phase timing of searches in the API process (not committed).
const { AsyncLocalStorage } = require('node:async_hooks');
const http = require('node:http');
const fs = require('node:fs');
const { monitorEventLoopDelay } = require('node:perf_hooks');
const als = new AsyncLocalStorage();
const out = process.env.PROBE_OUT || '/tmp/probe-phases.jsonl';
const now = () => Number(process.hrtime.bigint()) / 1e6;
const h = monitorEventLoopDelay({ resolution: 1 });
h.enable();
setInterval(() => {
  fs.appendFileSync(out, JSON.stringify({ loop: { p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, max: h.max / 1e6 } }) + '\n');
  h.reset();
}, 2000).unref();
const origEmit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, req, res) {
  if (event === 'request' && /search=|[?&]q=/.test(req.url) && !/search=Mart/.test(req.url)) {
    const ctx = { url: req.url, t0: now(), marks: [] };
    res.on('finish', () => {
      ctx.total = now() - ctx.t0;
      fs.appendFileSync(out, JSON.stringify(ctx) + '\n');
    });
    return als.run(ctx, () => origEmit.call(this, event, req, res));
  }
  return origEmit.apply(this, arguments);
};
const Module = require('node:module');
const patched = new Set();
function patch(Base) {
  if (patched.has(Base)) return;
  patched.add(Base);
  const origQuery = Base.prototype.query;
  Base.prototype.query = function (sql, values, cb) {
    const ctx = als.getStore();
    if (!ctx) return origQuery.apply(this, arguments);
    const text = typeof sql === 'string' ? sql : sql.sql;
    const mark = { sql: text.slice(0, 40), sent: now() - ctx.t0 };
    ctx.marks.push(mark);
    const wrap = (fn) => function () { mark.got = now() - ctx.t0; return fn.apply(this, arguments); };
    if (typeof values === 'function') return origQuery.call(this, sql, wrap(values));
    if (typeof cb === 'function') return origQuery.call(this, sql, values, wrap(cb));
    return origQuery.apply(this, arguments);
  };
}
const origLoad = Module._load;
Module._load = function (request) {
  const result = origLoad.apply(this, arguments);
  for (const key of Object.keys(require.cache)) { const e = require.cache[key].exports; if (key.includes('mysql2/lib/base/connection.js') && require.cache[key].loaded && typeof e === 'function' && e.prototype.query) patch(e); }
  return result;
};
