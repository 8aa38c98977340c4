import Ajv, { type ValidateFunction } from 'ajv';
import draft07MetaSchema from 'ajv/dist/refs/json-schema-draft-07.json';
import { readFecSchema } from './fecSchemas';

// An independent reader of .fec files for tests: it knows the column orders only from the FEC's
// schemas (COL_SEQ), not from the exporter's layouts, and turns each record back into the JSON the
// schemas describe (dates YYYY-MM-DD, amounts as numbers, empty as null, memo X as true).

function columnsOf(name: string): string[] {
  const schema = readFecSchema(name);
  return Object.entries(schema.properties)
    .filter(([, property]) => typeof property.fec_spec?.COL_SEQ === 'number')
    .sort(([, x], [, y]) => (x.fec_spec!.COL_SEQ as number) - (y.fec_spec!.COL_SEQ as number))
    .map(([field]) => field);
}

const LAYOUT_OF = (formType: string): string => {
  if (formType === 'HDR') return 'HDR';
  if (formType.startsWith('F3X')) return 'F3X';
  if (formType.startsWith('F3')) return 'F3';
  if (formType.startsWith('SA')) return 'SchA';
  if (formType.startsWith('SB')) return 'SchB';
  throw new Error(`unknown record ${formType}`);
};

export type FecRecord = { layout: string; fields: string[]; values: Record<string, unknown> };

function typed(schemaName: string, field: string, raw: string): unknown {
  const property = (readFecSchema(schemaName).properties[field] ?? {}) as { type?: string | string[]; pattern?: string };
  const types = Array.isArray(property.type) ? property.type : [property.type];
  // A blank field of a type without null is a field left out.
  if (raw === '') return types.includes('null') ? null : undefined;
  if (types.includes('number')) return Number(raw);
  if (types.includes('boolean')) return raw === 'X';
  if (property.pattern === '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' && /^\d{8}$/.test(raw)) return `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}`;
  return raw;
}

export function parseFec(text: string): FecRecord[] {
  if (!text.endsWith('\r\n')) throw new Error('a .fec file ends with CRLF');
  if (!/^[\x20-\x7e\x1c\r\n]*$/.test(text)) throw new Error('a .fec file holds printable ASCII only');
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => {
      const fields = line.split('\x1c');
      const layout = LAYOUT_OF(fields[0]);
      const columns = columnsOf(layout);
      if (fields.length !== columns.length) throw new Error(`${fields[0]}: ${fields.length} fields, the layout has ${columns.length}`);
      const values: Record<string, unknown> = {};
      columns.forEach((column, index) => {
        const value = typed(layout, column, fields[index]);
        if (value !== undefined) values[column] = value;
      });
      return { layout, fields, values };
    });
}

export function fecValidator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  // The FEC's files name the draft-07 meta-schema by its https address; Ajv knows it by the http one.
  ajv.addMetaSchema({ ...draft07MetaSchema, $id: 'https://json-schema.org/draft-07/schema' });
  const cache = new Map<string, ValidateFunction>();
  return (schemaName: string, value: unknown) => {
    if (!cache.has(schemaName)) cache.set(schemaName, ajv.compile(readFecSchema(schemaName)));
    const validate = cache.get(schemaName)!;
    return validate(value) ? null : validate.errors;
  };
}
