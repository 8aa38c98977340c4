import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createS3Storage, signV4 } from './s3';
import { newStorageKey } from './keys';

describe('S3 signature', () => {
  it("matches AWS's documented GET Object example", () => {
    const authorization = signV4({
      method: 'GET',
      host: 'examplebucket.s3.amazonaws.com',
      path: '/test.txt',
      headers: {
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      amzDate: '20130524T000000Z',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3 storage', () => {
  it('puts, gets and deletes objects on an S3-compatible endpoint', async () => {
    const objects = new Map<string, { body: Buffer; type: string }>();
    const seen: IncomingMessage[] = [];
    const server = createServer((req, res) => {
      seen.push(req);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = req.url ?? '';
        if (req.method === 'PUT') objects.set(url, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
        if (req.method === 'DELETE') objects.delete(url);
        const found = objects.get(url);
        if (req.method === 'GET' && !found) res.statusCode = 404;
        if (req.method === 'GET' && found) res.setHeader('Content-Type', found.type);
        res.end(req.method === 'GET' && found ? found.body : undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const storage = createS3Storage({
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'caucus-files',
        region: 'us-east-1',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret',
      });
      const key = newStorageKey('doc');
      await storage.put(key, Buffer.from('%PDF-1.4'), 'application/pdf');
      expect(await storage.get(key)).toEqual({ bytes: Buffer.from('%PDF-1.4'), mimeType: 'application/pdf' });
      await storage.delete(key);
      expect(await storage.get(key)).toBeUndefined();
      expect(seen[0].url).toBe(`/caucus-files/${key}`);
      expect(seen[0].headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request/);
      await expect(storage.get('../x')).rejects.toThrow('Invalid storage key');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
