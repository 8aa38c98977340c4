import { MERGE_FIELDS, type MergeField } from '@caucus/contract';

// Merging a template for one person. Values are plain text: in the text part they go in as they are,
// in the HTML part they are escaped, so a donor named "<b>Ann</b>" reads as written and cannot inject
// markup into the message.

export type MergeValues = Partial<Record<MergeField, string>>;
export type Rendered = { subject: string; text: string; html: string };
export type TemplateParts = { subject: string; bodyText: string; bodyHtml: string | null };

const MERGE_TAG = /\{\{\s*([^{}]*?)\s*\}\}/g;
const KNOWN = new Set<string>(MERGE_FIELDS);

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function fill(template: string, values: MergeValues, encode: (value: string) => string): string {
  return template.replace(MERGE_TAG, (tag, name: string) => (KNOWN.has(name) ? encode(values[name as MergeField] ?? '') : tag));
}

/** Plain text as HTML paragraphs: blank lines part paragraphs, single line breaks stay. */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

export function renderTemplate(template: TemplateParts, values: MergeValues): Rendered {
  const subject = fill(template.subject, values, (v) => v).replace(/[\r\n]+/g, ' ');
  const text = fill(template.bodyText, values, (v) => v);
  // Without an HTML part, the HTML is the text part: merged values and the writer's text both escaped.
  const html = template.bodyHtml ? fill(template.bodyHtml, values, escapeHtml) : textToHtml(text);
  return { subject, text, html };
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatMoney = (amount: number): string => money.format(amount);

/** A calendar day (YYYY-MM-DD) as words: 'November 26, 2026'. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

export type Organization = {
  name: string;
  organizationType: string;
  taxId: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  email: string | null;
  timezone: string;
};

const NONPROFIT_TYPES = new Set(['nonprofit', 'non-profit', '501c3']);

/**
 * The tax sentence of a receipt. A 501(c)(3) acknowledgment states that no goods or services were
 * given for the gift (IRS Publication 1771); gifts to political campaigns are not deductible.
 */
export function taxStatement(org: Organization): string {
  if (NONPROFIT_TYPES.has(org.organizationType)) {
    const ein = org.taxId ? ` (EIN ${org.taxId})` : '';
    return `${org.name}${ein} is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code. No goods or services were provided in exchange for this contribution; it is tax deductible to the extent allowed by law.`;
  }
  if (org.organizationType === 'political')
    return `Contributions to ${org.name} are not deductible as charitable contributions for federal income tax purposes.`;
  return '';
}

/** The organisation's postal address on one line, or null when it has none yet. */
export function postalAddress(org: Organization): string | null {
  if (!org.addressLine1 || !org.city) return null;
  const cityLine = [org.city, [org.state, org.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [org.addressLine1, org.addressLine2, cityLine, org.country].filter(Boolean).join(', ');
}

/**
 * The footer of every email to a list: who sent it, from where, and how to stop it (CAN-SPAM asks
 * for a valid postal address and a clear way to opt out, honoured promptly).
 */
export function listFooter(org: Organization, unsubscribeUrl: string): { text: string; html: string } {
  const address = postalAddress(org) ?? '';
  const text = `\n\n--\nThis email was sent by ${org.name}, ${address}.\nYou receive it because you are in our supporter records. To stop receiving these emails, unsubscribe: ${unsubscribeUrl}\nWe honour every request at once.`;
  const html = `<hr><p style="font-size:12px;color:#555">This email was sent by ${escapeHtml(org.name)}, ${escapeHtml(address)}.<br>You receive it because you are in our supporter records. To stop receiving these emails, <a href="${escapeHtml(unsubscribeUrl)}">unsubscribe</a>. We honour every request at once.</p>`;
  return { text, html };
}
