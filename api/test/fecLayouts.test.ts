import { F3_FIELDS, F3X_FIELDS, HDR_FIELDS, SCHEDULE_A_FIELDS, SCHEDULE_B_FIELDS } from '../src/modules/compliance/fecLayouts';

import { F3_LINE_TITLES, F3X_LINE_TITLES } from '../src/modules/compliance/fecLines';
import { readFecSchema } from './support/fecSchemas';

// The .fec column order written by the export must be the FEC's (fec_spec.COL_SEQ of each schema).
function columnsOf(name: string): string[] {
  const schema = readFecSchema(name);
  return Object.entries(schema.properties)
    .filter(([, property]) => typeof property.fec_spec?.COL_SEQ === 'number')
    .sort(([, x], [, y]) => (x.fec_spec!.COL_SEQ as number) - (y.fec_spec!.COL_SEQ as number))
    .map(([field]) => field);
}

describe('.fec record layouts', () => {
  it.each([
    ['HDR', HDR_FIELDS],
    ['F3', F3_FIELDS],
    ['F3X', F3X_FIELDS],
    ['SchA', SCHEDULE_A_FIELDS],
    ['SchB', SCHEDULE_B_FIELDS],
  ])('%s columns follow the schema COL_SEQ', (name, fields) => {
    expect([...fields]).toEqual(columnsOf(name));
  });

  it.each([
    ['F3', F3_LINE_TITLES],
    ['F3X', F3X_LINE_TITLES],
  ])('%s summary line titles are the schema titles of every L* field', (name, titles) => {
    const schema = readFecSchema(name) as unknown as { properties: Record<string, { title: string }> };
    const expected = Object.fromEntries(
      Object.entries(schema.properties)
        .filter(([field]) => field.startsWith('L'))
        .map(([field, p]) => [field, p.title.trim()]),
    );
    expect(titles).toEqual(expected);
  });
});
