import PDFDocument from 'pdfkit';
import { postalAddress, type Organization } from './merge';

export type Letter = { person: { name: string; addressLines: string[] }; subject: string; text: string };

/**
 * Printable letters, one page each: the organisation's letterhead, the date, the donor's address
 * block (placed for a window envelope), then the merged text. Text that would not fit is cut with an
 * ellipsis rather than spilling onto a second page.
 */
export function lettersPdf(org: Organization, letters: Letter[], today: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, autoFirstPage: false, info: { Title: `${org.name} letters`, Author: org.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = 612 - 144;
  for (const letter of letters) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(14).text(org.name, 72, 72, { width });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(postalAddress(org) ?? '', { width });
    doc.fontSize(11).text(today, 72, 130, { width });
    doc.text([letter.person.name, ...letter.person.addressLines].filter(Boolean).join('\n'), 72, 160, { width });
    doc.font('Helvetica-Bold').text(letter.subject, 72, 250, { width });
    doc.font('Helvetica').text(letter.text, 72, 275, { width, height: 792 - 72 - 275, ellipsis: true });
  }
  if (letters.length === 0) doc.addPage().text('No letters in this batch.');
  doc.end();
  return done;
}
