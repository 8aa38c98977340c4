import path from 'node:path';
import { loadConfig } from '../src/config';

describe('file storage configuration', () => {
  it('defaults to ./data/files and one random URL secret per process', () => {
    const first = loadConfig({ NODE_ENV: 'test' });
    expect(first.filesDir).toBe(path.resolve('data', 'files'));
    expect(first.fileUrlSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ NODE_ENV: 'test' }).fileUrlSecret).toBe(first.fileUrlSecret);
    expect(first.s3).toBeUndefined();
  });

  it('reads FILES_DIR, FILE_URL_SECRET and the S3 settings', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      FILES_DIR: '/var/caucus/files',
      FILE_URL_SECRET: 'a-long-secret',
      S3_BUCKET: 'caucus',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'shh',
    });
    expect(config.filesDir).toBe('/var/caucus/files');
    expect(config.fileUrlSecret).toBe('a-long-secret');
    expect(config.s3).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'caucus',
      region: 'eu-west-1',
      accessKeyId: 'AKIA',
      secretAccessKey: 'shh',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'caucus' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  });
});
