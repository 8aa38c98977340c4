import fc from 'fast-check';
import { isAllCapsName, normaliseZip, parseImportDate, splitFullName, titleCaseName, validateImportRow } from './dataImport';

// The name splitter against a simple reference: names are built from their parts in the ways the FEC
// and people write them, and splitting the text must give those parts back.

const SUFFIXES = ['JR', 'Jr.', 'SR.', 'Sr', 'II', 'III', 'IV', 'ESQ', 'PhD', 'M.D.'];
// Words that are no suffix or title: uppercase or capitalised letters, apostrophes and hyphens inside.
const word = fc
  .tuple(fc.constantFrom('A', 'B', 'C', 'D', 'K', 'L', 'M', 'O', 'S', 'T', 'Z', 'É'), fc.stringMatching(/^[a-zé]{1,8}([-'][a-z]{1,6})?$/), fc.boolean())
  .map(([head, tail, caps]) => (caps ? `${head}${tail}`.toUpperCase() : `${head}${tail}`))
  .filter(
    (w) => !['jr', 'sr', 'ii', 'iii', 'iv', 'v', 'md', 'phd', 'esq', 'dds', 'cpa', 'mr', 'mrs', 'ms', 'miss', 'dr', 'hon', 'rev'].includes(w.toLowerCase()),
  );

type Parts = { first: string; middle: string[]; last: string[]; suffix: string | null };
const parts = fc.record({
  first: word,
  middle: fc.array(word, { maxLength: 2 }),
  last: fc.array(word, { minLength: 1, maxLength: 2 }),
  suffix: fc.option(fc.constantFrom(...SUFFIXES), { nil: null }),
});

/** The reference: what each written form means, read off the parts it was built from. */
const expected = (p: Parts) => ({ firstName: p.first, middleName: p.middle.join(' '), lastName: p.last.join(' '), suffix: p.suffix ?? '' });

describe('splitFullName', () => {
  it('reads "LAST, FIRST MIDDLE, SUFFIX" (the FEC form) back into its parts', () => {
    fc.assert(
      fc.property(parts, (p) => {
        const text = `${p.last.join(' ')}, ${[p.first, ...p.middle].join(' ')}${p.suffix ? `, ${p.suffix}` : ''}`;
        expect(splitFullName(text)).toEqual(expected(p));
      }),
    );
  });

  it('reads "LAST, SUFFIX, FIRST MIDDLE" (suffix before the first name) back into its parts', () => {
    fc.assert(
      fc.property(parts, (p) => {
        const text = `${p.last.join(' ')}, ${p.suffix ? `${p.suffix}, ` : ''}${[p.first, ...p.middle].join(' ')}`;
        expect(splitFullName(text)).toEqual(expected(p));
      }),
    );
  });

  it('reads "First Middle Last Suffix" back into its parts (one-word last names)', () => {
    fc.assert(
      fc.property(parts, (p) => {
        const last = p.last.slice(0, 1);
        const text = [p.first, ...p.middle, ...last, ...(p.suffix ? [p.suffix] : [])].join(' ');
        expect(splitFullName(`  ${text.replace(/ /g, '  ')} `)).toEqual(expected({ ...p, last }));
      }),
    );
  });

  it('handles the examples from FEC files', () => {
    expect(splitFullName('ORTIZ, SR., SOLOMON')).toEqual({ firstName: 'SOLOMON', middleName: '', lastName: 'ORTIZ', suffix: 'SR.' });
    expect(splitFullName('SMITH, JOHN ALLEN, JR.')).toEqual({ firstName: 'JOHN', middleName: 'ALLEN', lastName: 'SMITH', suffix: 'JR.' });
    expect(splitFullName('SMITH, JOHN V')).toEqual({ firstName: 'JOHN', middleName: 'V', lastName: 'SMITH', suffix: '' });
    expect(splitFullName('DOE JR, MR. JOHN')).toEqual({ firstName: 'JOHN', middleName: '', lastName: 'DOE', suffix: 'JR' });
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', middleName: '', lastName: '', suffix: '' });
    expect(splitFullName(' , ')).toEqual({ firstName: '', middleName: '', lastName: '', suffix: '' });
  });

  it('imports a full name with the suffix kept on the last name (contacts have no suffix field)', () => {
    const { values, errors } = validateImportRow(
      { fullName: 'ORTIZ, SR., SOLOMON', zipCode: '787011234', amount: '25', donationDate: '03152026' },
      '2026-11-26',
    );
    expect(errors).toEqual([]);
    expect([values.firstName, values.lastName, values.zipCode, values.donation?.date]).toEqual(['SOLOMON', 'ORTIZ SR.', '78701-1234', '2026-03-15']);
  });
});

describe('FEC values', () => {
  it('9-digit ZIPs become ZIP+4 and MMDDYYYY dates are read', () => {
    expect(normaliseZip('787011234')).toBe('78701-1234');
    expect(normaliseZip('021341234')).toBe('02134-1234');
    expect(parseImportDate('01312026')).toBe('2026-01-31');
  });

  it('offers title case for names in capitals, keeping roman-numeral suffixes', () => {
    expect(titleCaseName("O'BRIEN-SMITH, SR., SOLOMON III")).toBe("O'Brien-Smith, Sr., Solomon III");
    expect(titleCaseName('JOSÉ')).toBe('José');
    expect([isAllCapsName('ORTIZ, SOLOMON'), isAllCapsName('Ortiz'), isAllCapsName('J'), isAllCapsName('123')]).toEqual([true, false, false, false]);
  });
});
