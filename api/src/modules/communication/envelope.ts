import type { SentMessageRow } from '../../db/rows';
import type { Envelope } from './delivery';
import { listFooter, postalAddress, type Organization } from './merge';

/**
 * The message as it leaves: its stored text with the footer added at delivery, the unsubscribe link
 * when it has one (minted at delivery, so never in the stored record), the postal address otherwise.
 */
export function envelopeOf(org: Organization, row: SentMessageRow, unsubscribeUrl: string | null): Envelope {
  let text = row.bodyText ?? '';
  let html = row.bodyHtml ?? '';
  let headers: Record<string, string> | undefined;
  if (unsubscribeUrl) {
    const footer = listFooter(org, unsubscribeUrl);
    text += footer.text;
    html += footer.html;
    // RFC 8058: one-click unsubscribe a mail client can offer without opening any page.
    headers = { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  } else if (org.addressLine1) {
    text += `\n\n--\n${org.name}, ${postalAddress(org) ?? ''}`;
    html += `<hr><p style="font-size:12px;color:#555">${org.name.replace(/[<>&]/g, '')}, ${(postalAddress(org) ?? '').replace(/[<>&]/g, '')}</p>`;
  }
  return { to: String(row.toEmail), subject: row.subject, text, html, headers };
}
