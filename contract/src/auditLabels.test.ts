import { auditFieldLabel } from './auditLabels';

test("the audit trail's field keys read as the app labels them", () => {
  expect(auditFieldLabel('amount')).toBe('Amount');
  expect(auditFieldLabel('employer')).toBe('Employer');
  expect(auditFieldLabel('donationAmount')).toBe('Amount');
  expect(auditFieldLabel('primaryEmail')).toBe('Email');
  expect(auditFieldLabel('needsReview')).toBe('Waiting for review');
  // A key nobody named yet still reads as words.
  expect(auditFieldLabel('websiteUrl')).toBe('Website url');
  expect(auditFieldLabel('refundOfDonationId')).toBe('Refund of donation ID');
});
