// node --test scripts/start.test.js
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { demoTotpKey, withoutSourceCondition } = require('./start');

test('the embedded demo gets a TOTP key made once and kept beside its database, readable by its user only', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caucus-start-'));
  try {
    const env = { SQLITE_FILE: path.join(dir, 'caucus.sqlite') };
    const key = demoTotpKey(env);
    assert.match(key, /^[0-9a-f]{64}$/);
    // A restart reads the same key: secrets sealed with it stay readable.
    assert.equal(demoTotpKey(env), key);
    const keyFile = path.join(dir, 'totp-encryption.key');
    assert.equal(fs.readFileSync(keyFile, 'utf8').trim(), key);
    assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a configured key wins, and a MySQL install gets none made up (the API names the missing variable)', () => {
  assert.equal(demoTotpKey({ TOTP_ENCRYPTION_KEY: 'k'.repeat(64) }), 'k'.repeat(64));
  assert.equal(demoTotpKey({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/caucus' }), undefined);
});

test("the product runs its build even when started by a tool that reads the source (a benchmark's NODE_OPTIONS)", () => {
  assert.equal(withoutSourceCondition('--conditions=source'), '');
  assert.equal(withoutSourceCondition('--max-old-space-size=4096 --conditions=source  --enable-source-maps'), '--max-old-space-size=4096 --enable-source-maps');
});
