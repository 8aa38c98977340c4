// The reference for the throughput benchmark: a bare Koa handler answering a small JSON body, in its
// own process like the API.
const http = require('node:http');
const Koa = require('koa');

const app = new Koa();
app.use((ctx) => {
  ctx.body = { data: { ok: true } };
});
const server = http.createServer(app.callback());
server.listen(0, '127.0.0.1', () => {
  process.send({ baseURL: `http://127.0.0.1:${server.address().port}` });
});
process.on('message', (message) => {
  if (message === 'stop') server.close(() => process.exit(0));
});
