import { randomBytes } from 'node:crypto';

// Random bytes are drawn in blocks: seeding a million rows would otherwise pay one syscall per id.
const POOL_SIZE = 16 * 1024;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function takeRandom(n: number): Buffer {
  if (poolOffset + n > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const out = pool.subarray(poolOffset, poolOffset + n);
  poolOffset += n;
  return out;
}

/** Two hex digits of each byte value. */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

let lastMs = -1;
let sequence = 0;

/**
 * UUIDv7 (RFC 9562): 48-bit Unix milliseconds, then a 12-bit counter that keeps ids made within the
 * same millisecond in creation order (method 1 of the RFC), then 62 random bits.
 */
export function newId(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    sequence += 1;
    if (sequence > 0xfff) {
      // Counter exhausted: borrow the next millisecond rather than lose ordering.
      lastMs += 1;
      sequence = 0;
    }
    ms = lastMs;
  } else {
    lastMs = ms;
    sequence = takeRandom(2).readUInt16BE(0) & 0x3ff; // leave headroom below 0xfff
  }

  // The text built from a table of byte pairs and the pool's bytes in place, without a Buffer of the
  // 16 bytes and its hex (an import makes three ids a row). Same layout: the milliseconds, the
  // version 7 with the counter, the variant bits 10, then the random bits.
  if (poolOffset + 8 > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const r = poolOffset;
  poolOffset += 8;
  const time = ms.toString(16).padStart(12, '0');
  return (
    `${time.slice(0, 8)}-${time.slice(8, 12)}-${(0x7000 | (sequence & 0xfff)).toString(16)}-` +
    `${HEX[0x80 | (pool[r] & 0x3f)]}${HEX[pool[r + 1]]}-${HEX[pool[r + 2]]}${HEX[pool[r + 3]]}${HEX[pool[r + 4]]}${HEX[pool[r + 5]]}${HEX[pool[r + 6]]}${HEX[pool[r + 7]]}`
  );
}

// Lower case only: SQLite compares text case-sensitively while MariaDB does not, so accepting
// upper case would make the same URL find a row on one engine and not on the other.
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** Milliseconds since the epoch encoded in a UUIDv7 (for tests and diagnostics). */
export function idTimestamp(id: string): number {
  return parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}
