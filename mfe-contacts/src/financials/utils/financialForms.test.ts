import { donationInputSchema, pledgeInputSchema } from '@caucus/contract';
import {
  choiceOptions,
  donationBody,
  donationDefaults,
  linkablePledges,
  optionLabel,
  pledgeBody,
  pledgeDefaults,
  pledgeStatusTone,
  saveErrorMessage,
} from './financialForms';
import type { Donation, Pledge } from '../api/financialsApi';
import { aDonation } from '../components/ContactGiving/givingFixtures';

const savedDonation = (): Donation => aDonation();

describe('optionLabel', () => {
  it('reads values as words, with the brand and acronym names spelled right', () => {
    expect(optionLabel('one_time')).toBe('One time');
    expect(optionLabel('credit_card')).toBe('Credit card');
    expect(optionLabel('ach')).toBe('ACH');
    expect(optionLabel('paypal')).toBe('PayPal');
    // The stored status keeps its spelling (docs/product/data.md); the label is US English.
    expect(optionLabel('cancelled')).toBe('Canceled');
    expect(choiceOptions(['cash', 'ach'])).toEqual([
      { value: 'cash', label: 'Cash' },
      { value: 'ach', label: 'ACH' },
    ]);
  });
});

describe('pledgeStatusTone', () => {
  it.each([
    ['completed', 'success'],
    ['fulfilled', 'success'],
    ['pending', 'warning'],
    ['confirmed', 'info'],
    ['failed', 'danger'],
    ['cancelled', 'danger'],
    ['refunded', 'neutral'],
    ['', 'neutral'],
  ])('%s -> %s', (status, tone) => {
    expect(pledgeStatusTone(status)).toBe(tone);
  });
});

describe('linkablePledges', () => {
  const pledges = [
    { id: 'a', status: 'pending' },
    { id: 'b', status: 'fulfilled' },
    { id: 'c', status: 'confirmed' },
  ] as Pledge[];

  it('leaves out fulfilled pledges', () => {
    expect(linkablePledges(pledges).map((p) => p.id)).toEqual(['a', 'c']);
  });

  it('keeps the pledge a donation already links, even when fulfilled', () => {
    expect(linkablePledges(pledges, 'b').map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('donationBody', () => {
  it('drops empty fields, sends dates as ISO strings and amounts as numbers', () => {
    const body = donationBody({
      ...donationDefaults(),
      donationAmount: '40',
      donationDate: '2026-02-03',
      processedDate: '2026-02-04',
      campaignId: 'cmp-1',
      netAmount: '38.5',
      notes: '   ',
    });
    expect(body).toEqual({
      donationAmount: 40,
      paymentMethod: 'cash',
      status: 'completed',
      donationDate: '2026-02-03T00:00:00.000Z',
      processedDate: '2026-02-04T00:00:00.000Z',
      campaignId: 'cmp-1',
      netAmount: 38.5,
      isAnonymous: false,
      isRecurring: false,
    });
  });
});

describe('saveErrorMessage', () => {
  it('prefixes a server message and falls back otherwise', () => {
    expect(saveErrorMessage(new Error('Campaign not found'), 'Failed to save pledge')).toBe('Error: Campaign not found');
    expect(saveErrorMessage(new Error('An error occurred'), 'Failed to save pledge')).toBe('Failed to save pledge');
    expect(saveErrorMessage(undefined, 'Failed to save donation')).toBe('Failed to save donation');
  });
});

describe('agreement with the API contract', () => {
  // The bodies the modals send must pass the server's own schemas.
  it('a pledge body and a donation body parse under the contract schemas', () => {
    const pledge = pledgeBody({ ...pledgeDefaults(), pledgeAmount: '250', campaignId: 'cmp-1', dueDate: '2026-12-31' });
    expect(pledgeInputSchema.safeParse(pledge).success).toBe(true);
    const donation = donationBody({
      ...donationDefaults(),
      donationAmount: '25',
      campaignId: 'cmp-1',
      paymentMethod: 'check',
      checkNumber: '12',
      processedDate: '2026-01-02',
    });
    expect(donationInputSchema.safeParse(donation).success).toBe(true);
  });

  it('an edited donation sends its election back, so the PUT does not move it to the default one', () => {
    const edited = donationDefaults({ ...savedDonation(), electionCode: 'G2026' });
    expect(edited.electionCode).toBe('G2026');
    const body = donationBody(edited);
    expect(body.electionCode).toBe('G2026');
    expect(donationInputSchema.parse(body).electionCode).toBe('G2026');
    // Without a designation nothing is sent and the API designates the default election.
    expect(donationBody({ ...donationDefaults(), donationAmount: '5', campaignId: 'cmp-1' })).not.toHaveProperty('electionCode');
  });
});
