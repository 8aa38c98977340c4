import { createHash, createHmac } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { Readable } from 'node:stream';
import { isStorageKey } from './keys';
import type { FileStorage, StoredFile } from './types';

export type S3Options = {
  /** e.g. https://s3.eu-west-1.amazonaws.com or a MinIO/R2 endpoint; path-style addressing is used. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

// RFC 3986 encoding, as SigV4 requires (encodeURIComponent leaves !'()* alone).
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export type SignInput = {
  method: string;
  host: string;
  path: string;
  headers: Record<string, string>;
  payloadHash: string;
  amzDate: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** AWS Signature Version 4 Authorization header for S3 (no query string). */
export function signV4(input: SignInput): string {
  const headers: Record<string, string> = { host: input.host };
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value.trim();
  const names = Object.keys(headers).sort();
  const canonical = [input.method, input.path, '', ...names.map((n) => `${n}:${headers[n]}`), '', names.join(';'), input.payloadHash].join('\n');
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

/** S3-compatible object storage over plain HTTPS (no SDK). */
export function createS3Storage(options: S3Options, fetchImpl: typeof fetch = fetch): FileStorage {
  const base = new URL(options.endpoint);

  /** A body in memory, or a file streamed from disk (its hash and size known beforehand). */
  type Payload = { bytes: Buffer } | { filePath: string; size: number; hash: string };

  async function send(method: string, key: string, payload?: Payload, mimeType?: string): Promise<Response> {
    if (!isStorageKey(key)) throw new Error('Invalid storage key');
    const path = `${base.pathname.replace(/\/+$/, '')}/${encode(options.bucket)}/${encode(key)}`;
    const payloadHash = payload && 'hash' in payload ? payload.hash : sha256(payload?.bytes ?? '');
    const amzDate = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const headers: Record<string, string> = { 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
    if (mimeType) headers['content-type'] = mimeType;
    const authorization = signV4({ method, host: base.host, path, headers, payloadHash, amzDate, ...options });
    if (payload && 'filePath' in payload) {
      // S3 wants the length up front (no chunked PUT); the stream keeps the file out of memory.
      return fetchImpl(new URL(path, base), {
        method,
        headers: { ...headers, authorization, 'content-length': String(payload.size) },
        body: Readable.toWeb(createReadStream(payload.filePath)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
    }
    return fetchImpl(new URL(path, base), {
      method,
      headers: { ...headers, authorization },
      body: payload ? new Uint8Array(payload.bytes) : undefined,
    });
  }

  async function fileHash(filePath: string): Promise<string> {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  return {
    async put(key, bytes, mimeType) {
      const res = await send('PUT', key, { bytes }, mimeType);
      if (!res.ok) throw new Error(`S3 PUT failed with ${res.status}`);
    },
    async putFile(key, filePath, mimeType) {
      const { size } = await fs.stat(filePath);
      const res = await send('PUT', key, { filePath, size, hash: await fileHash(filePath) }, mimeType);
      if (!res.ok) throw new Error(`S3 PUT failed with ${res.status}`);
    },
    async get(key): Promise<StoredFile | undefined> {
      const res = await send('GET', key);
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`S3 GET failed with ${res.status}`);
      return {
        bytes: Buffer.from(await res.arrayBuffer()),
        mimeType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE failed with ${res.status}`);
    },
  };
}
