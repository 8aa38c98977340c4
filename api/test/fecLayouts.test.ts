import fs from 'node:fs';
import path from 'node:path';
import { F3_FIELDS, F3X_FIELDS, HDR_FIELDS, SCHEDULE_A_FIELDS } from '../src/modules/compliance/fecLayouts';

// The .fec column order written by the export must be the FEC's (fec_spec.COL_SEQ of each schema in
// ../shared/fec-schemas, beside the repo). A missing schema folder fails the test, never skips it.
const SCHEMAS = path.resolve(__dirname, '..', '..', '..', 'shared', 'fec-schemas');

function columnsOf(name: string): string[] {
  const file = path.join(SCHEMAS, `${name}.json`);
  if (!fs.existsSync(file)) throw new Error(`FEC schema ${file} is missing: clone shared/ beside the repo (../shared/fec-schemas)`);
  const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as { properties: Record<string, { fec_spec?: { COL_SEQ?: number } }> };
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
