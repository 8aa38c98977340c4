import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import request from 'supertest';
import { compressAnswers } from './compression';
import { serializeJsonOnce } from './jsonResponse';

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** An answer's bytes as they came over the wire (supertest would decode them). */
async function getRaw(app: Koa, path: string, acceptEncoding: string): Promise<RawAnswer> {
  const server = app.listen(0);
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

function appAnswering(answer: (ctx: Koa.Context) => void) {
  const app = new Koa();
  app.use(compressAnswers());
  app.use(serializeJsonOnce());
  app.use(answer);
  return app;
}

const rows = Array.from({ length: 200 }, (_, i) => ({ id: `contact-${i}`, name: `Donor ${i}`, city: 'Springfield' }));

describe('compressAnswers', () => {
  test('a JSON answer is compressed in one piece, with its length, in brotli where the client takes it, else gzip', async () => {
    const app = appAnswering((ctx) => {
      ctx.body = { data: rows };
    });
    const expected = JSON.stringify({ data: rows });

    const brotli = await getRaw(app, '/', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['transfer-encoding']).toBeUndefined();
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
    expect(brotli.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(expected);

    const gzip = await getRaw(app, '/', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(gunzipSync(gzip.body).toString()).toBe(expected);

    const plain = await getRaw(app, '/', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(expected);
  });

  test('the status and the headers a route set are kept', async () => {
    const app = appAnswering((ctx) => {
      ctx.status = 201;
      ctx.set('X-Request-Id', 'abc');
      ctx.body = { data: rows };
    });
    const res = await request(app.callback()).post('/').set('Accept-Encoding', 'gzip');
    expect(res.status).toBe(201);
    expect(res.headers['x-request-id']).toBe('abc');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body).toEqual({ data: rows });
  });

  test('small, no-transform, HEAD and not-compressible answers are sent as they are', async () => {
    const small = appAnswering((ctx) => {
      ctx.body = { data: [1, 2, 3] };
    });
    expect((await request(small.callback()).get('/').set('Accept-Encoding', 'gzip')).headers['content-encoding']).toBeUndefined();

    const noTransform = appAnswering((ctx) => {
      ctx.set('Cache-Control', 'private, no-transform');
      ctx.body = { data: rows };
    });
    expect((await request(noTransform.callback()).get('/').set('Accept-Encoding', 'gzip')).headers['content-encoding']).toBeUndefined();

    const head = await request(appAnswering((ctx) => void (ctx.body = { data: rows })).callback())
      .head('/')
      .set('Accept-Encoding', 'gzip');
    expect(head.headers['content-encoding']).toBeUndefined();

    const image = appAnswering((ctx) => {
      ctx.type = 'image/png';
      ctx.body = Buffer.alloc(5000, 7);
    });
    const png = await getRaw(image, '/', 'gzip');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(5000);
  });

  test('streams and answers past the in-place limit are still compressed, as a stream', async () => {
    const large = 'x'.repeat(300 * 1024);
    const app = appAnswering((ctx) => {
      ctx.type = 'text/plain';
      ctx.body = ctx.path === '/stream' ? Readable.from([large]) : large;
    });
    for (const path of ['/stream', '/large']) {
      const res = await getRaw(app, path, 'gzip');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-length']).toBeUndefined();
      expect(gunzipSync(res.body).toString()).toBe(large);
    }
  });
});
