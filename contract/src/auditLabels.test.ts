import { AUDIT_DAY_FIELDS, AUDIT_MONEY_FIELDS, auditActionLabel, auditEntityLabel, auditFieldLabel, auditValueLabel } from './auditLabels';

test("the audit trail's field keys read as the app labels them", () => {
  expect(auditFieldLabel('amount')).toBe('Amount');
  expect(auditFieldLabel('employer')).toBe('Employer');
  expect(auditFieldLabel('donationAmount')).toBe('Amount');
  expect(auditFieldLabel('primaryEmail')).toBe('Email');
  expect(auditFieldLabel('needsReview')).toBe('Waiting for review');
  // A key nobody named yet still reads as words.
  expect(auditFieldLabel('websiteUrl')).toBe('Website url');
  expect(auditFieldLabel('pledgeOfEventId')).toBe('Pledge of event ID');
});

test('record types, actions and coded values read as words', () => {
  expect(auditEntityLabel('donation')).toBe('Gift');
  expect(auditEntityLabel('fec_report', 'many')).toBe('FEC reports');
  expect(auditActionLabel('role_change')).toBe('role changed');
  expect(auditActionLabel('notice-filed')).toBe('24/48-hour notice filed');
  expect(auditValueLabel('role', 'read_only')).toBe('Read-only');
  expect(auditValueLabel('paymentMethod', 'in_kind')).toBe('In-kind');
  expect(auditValueLabel('firstName', 'read_only')).toBe('read_only');
  // Not named yet: words, never code.
  expect(auditEntityLabel('phone_bank')).toBe('Phone bank');
  expect(auditActionLabel('bulk_tag')).toBe('bulk tag');
});

test('status codes read as words; money and day fields are known', () => {
  expect(auditValueLabel('status', 'completed')).toBe('Completed');
  expect(auditValueLabel('status', 'Completed by hand')).toBe('Completed by hand');
  expect(AUDIT_MONEY_FIELDS.has('donationAmount')).toBe(true);
  expect(AUDIT_DAY_FIELDS.has('donationDate')).toBe(true);
});
