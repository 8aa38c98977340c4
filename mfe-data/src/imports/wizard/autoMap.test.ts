import { autoMap, duplicateTargets, guessTarget, missingIdentity, rememberedMapping, rememberMapping } from './autoMap';

describe('auto-mapping', () => {
  it('matches the documented synonyms and common export headers with a confidence', () => {
    expect(guessTarget('fname')).toEqual({ field: 'firstName', confidence: 'high' });
    expect(guessTarget('Email Address')).toEqual({ field: 'email', confidence: 'high' });
    expect(guessTarget('Phone Number')).toEqual({ field: 'phone', confidence: 'high' });
    expect(guessTarget('ZIP')).toEqual({ field: 'zipCode', confidence: 'high' });
    expect(guessTarget('Company')).toEqual({ field: 'organization', confidence: 'high' });
    expect(guessTarget('contribution_receipt_amount')).toEqual({ field: 'amount', confidence: 'high' });
    expect(guessTarget('Donor Employer')).toEqual({ field: 'employer', confidence: 'high' });
    expect(guessTarget('Primary Donor Email (work)')).toEqual({ field: 'email', confidence: 'medium' });
    expect(guessTarget('Favourite colour')).toBeNull();
  });

  it('maps an ActBlue header row, each field once', () => {
    const { mapping } = autoMap(['Receipt ID', 'Date', 'Amount', 'Donor First Name', 'Donor Last Name', 'Donor Addr1', 'Donor ZIP', 'Donor Email', 'Email']);
    expect(mapping).toEqual({
      'Receipt ID': 'transactionId',
      Date: 'donationDate',
      Amount: 'amount',
      'Donor First Name': 'firstName',
      'Donor Last Name': 'lastName',
      'Donor Addr1': 'address',
      'Donor ZIP': 'zipCode',
      'Donor Email': 'email',
      Email: '',
    });
    expect(duplicateTargets(mapping)).toEqual([]);
    expect(missingIdentity(mapping)).toBe(false);
    expect(missingIdentity({ Amount: 'amount' })).toBe(true);
    expect(duplicateTargets({ A: 'email', B: 'email' })).toEqual(['email']);
  });

  it("maps the FEC's own column names, and guesses none of its other columns", () => {
    // The header row of the FEC's individual-contributions bulk files (indiv*.txt).
    const fec = [
      'CMTE_ID',
      'AMNDT_IND',
      'RPT_TP',
      'TRANSACTION_PGI',
      'IMAGE_NUM',
      'TRANSACTION_TP',
      'ENTITY_TP',
      'NAME',
      'CITY',
      'STATE',
      'ZIP_CODE',
      'EMPLOYER',
      'OCCUPATION',
      'TRANSACTION_DT',
      'TRANSACTION_AMT',
      'OTHER_ID',
      'TRAN_ID',
      'FILE_NUM',
      'MEMO_CD',
      'MEMO_TEXT',
      'SUB_ID',
    ];
    const { mapping, confidence } = autoMap(fec);
    expect(Object.fromEntries(Object.entries(mapping).filter(([, field]) => field))).toEqual({
      NAME: 'fullName',
      CITY: 'city',
      STATE: 'state',
      ZIP_CODE: 'zipCode',
      EMPLOYER: 'employer',
      OCCUPATION: 'occupation',
      TRANSACTION_DT: 'donationDate',
      TRANSACTION_AMT: 'amount',
      TRAN_ID: 'transactionId',
      MEMO_TEXT: 'notes',
    });
    expect(new Set(Object.values(confidence))).toEqual(new Set(['high']));
    expect(guessTarget('TRANSACTION_TP')).toBeNull();
    expect(guessTarget('TRANSACTION_PGI')).toBeNull();
    expect(guessTarget('Transaction Code')).toBeNull();
  });

  it('remembers a confirmed mapping for the next file with the same headers', () => {
    const headers = ['E-mail', 'Gift'];
    expect(rememberedMapping(headers)).toBeNull();
    rememberMapping(headers, { 'E-mail': 'email', Gift: 'amount' });
    expect(rememberedMapping(['E-mail', 'Gift'])).toEqual({ 'E-mail': 'email', Gift: 'amount' });
    expect(rememberedMapping(['E-mail', 'Gift', 'Other'])).toBeNull();
  });
});
