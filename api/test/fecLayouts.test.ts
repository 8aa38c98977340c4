import { F3_FIELDS, F3X_FIELDS, HDR_FIELDS, SCHEDULE_A_FIELDS } from '../src/modules/compliance/fecLayouts';

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
  ])('%s columns follow the schema COL_SEQ', (name, fields) => {
    expect([...fields]).toEqual(columnsOf(name));
  });
});
