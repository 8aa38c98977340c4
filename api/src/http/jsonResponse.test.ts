import Koa from 'koa';
import request from 'supertest';
import { compressAnswers } from './compression';
import { serializeJsonOnce } from './jsonResponse';

/** The middleware order of app.ts: an access log reading ctx.length outside, compression, then this. */
function appAnswering(body: () => unknown) {
  const app = new Koa();
  const lengths: Array<number | undefined> = [];
  app.use(async (ctx, next) => {
    await next();
    lengths.push(ctx.length);
  });
  app.use(compressAnswers());
  app.use(serializeJsonOnce());
  app.use((ctx) => {
    ctx.body = body();
  });
  return { app, lengths };
}

describe('serializeJsonOnce', () => {
  test('an object body is serialised once, whoever reads its length before the answer', async () => {
    let serialised = 0;
    const marker = { toJSON: () => ((serialised += 1), 'marker') };
    const { app, lengths } = appAnswering(() => ({ data: { marker, rows: Array.from({ length: 100 }, (_, i) => ({ i })) } }));
    const res = await request(app.callback()).get('/').set('Accept-Encoding', 'identity');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body.data.marker).toBe('marker');
    expect(res.body.data.rows).toHaveLength(100);
    expect(serialised).toBe(1);
    expect(lengths).toEqual([Number(res.headers['content-length'])]);
  });

  test('large answers are still compressed, small ones sent as they are', async () => {
    const { app } = appAnswering(() => ({ data: 'x'.repeat(5000) }));
    const big = await request(app.callback()).get('/').set('Accept-Encoding', 'gzip');
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.body).toEqual({ data: 'x'.repeat(5000) });

    const { app: small } = appAnswering(() => [1, 2, 3]);
    const res = await request(small.callback()).get('/').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toEqual([1, 2, 3]);
  });

  test('text, buffers and empty answers are left alone', async () => {
    const text = appAnswering(() => 'plain');
    const res = await request(text.app.callback()).get('/');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('plain');

    const empty = appAnswering(() => null);
    expect((await request(empty.app.callback()).get('/')).status).toBe(204);
  });
});
