import fs from 'node:fs';
import path from 'node:path';

// The FEC's published JSON schemas, kept in the repository (see the README beside them for their
// source and commit): the authority exported rows and .fec column orders are checked against.
export const FEC_SCHEMAS_DIR = path.resolve(__dirname, '..', '..', 'src', 'modules', 'compliance', 'fec-schemas');

export type FecSchema = { properties: Record<string, { fec_spec?: { COL_SEQ?: number } }> } & Record<string, unknown>;

export function readFecSchema(name: string): FecSchema {
  return JSON.parse(fs.readFileSync(path.join(FEC_SCHEMAS_DIR, `${name}.json`), 'utf8')) as FecSchema;
}
