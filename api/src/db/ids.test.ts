import { idTimestamp, isId, newId } from '../lib/ids';

describe('ids', () => {
  it('makes UUIDv7 strings that validate', () => {
    const id = newId();
    expect(id).toHaveLength(36);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(isId(id)).toBe(true);
    expect(Math.abs(idTimestamp(id) - Date.now())).toBeLessThan(5000);
  });

  it('keeps ids in creation order and unique, even within one millisecond', () => {
    const ids = Array.from({ length: 20000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('rejects what is not a lower-case UUID', () => {
    expect(isId('')).toBe(false);
    expect(isId(42)).toBe(false);
    expect(isId('not-an-id')).toBe(false);
    expect(isId(newId().toUpperCase())).toBe(false);
    expect(isId('01890a5d-ac96-774b-bcce-b302099a8057')).toBe(true);
    expect(isId('01890a5d-ac96-774b-ccce-b302099a8057')).toBe(false);
  });
});
