import { IMPORT_TARGET_FIELDS, IMPORT_TARGET_LABELS, type ImportTargetField } from '@caucus/contract';
import { isDuplicateIssue, mappingIssues, missingContactFields } from './mappingForm';

export type Confidence = 'high' | 'medium';
export type Mapping = Record<string, ImportTargetField | ''>;
export type AutoMapping = { mapping: Mapping; confidence: Record<string, Confidence> };

/** Lower-case letters and digits only: "Donor ZIP" -> "donorzip", "e-mail" -> "email". */
export const normaliseHeader = (header: string): string => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Header names other tools export (ActBlue, WinRed, NGP VAN, FEC Schedule A, HubSpot, spreadsheets)
 * and the synonyms of docs/product/imports.md, The wizard (fname, lname, emailaddress, phonenumber, zip,
 * company, note), normalised.
 */
const SYNONYMS: Record<ImportTargetField, string[]> = {
  firstName: ['fname', 'first', 'givenname', 'donorfirstname', 'contributorfirstname', 'firstname1', 'forename'],
  lastName: ['lname', 'last', 'surname', 'familyname', 'donorlastname', 'contributorlastname'],
  fullName: ['name', 'fullname', 'donorname', 'contributorname', 'contactname', 'displayname'],
  email: ['emailaddress', 'mail', 'donoremail', 'contributoremail', 'primaryemail', 'emailaddress1'],
  phone: ['phonenumber', 'telephone', 'tel', 'mobile', 'cell', 'cellphone', 'donorphone', 'homephone', 'primaryphone'],
  address: ['address1', 'addressline1', 'street', 'streetaddress', 'donoraddr1', 'contributorstreet1', 'mailingaddress', 'addr1'],
  address2: ['addressline2', 'donoraddr2', 'contributorstreet2', 'addr2', 'apt', 'suite', 'unit'],
  city: ['town', 'donorcity', 'contributorcity', 'mailingcity'],
  state: ['province', 'region', 'stateregion', 'donorstate', 'contributorstate', 'st'],
  zipCode: ['zip', 'zipcode', 'zip5', 'postalcode', 'postcode', 'donorzip', 'contributorzip', 'postal'],
  country: ['nation', 'donorcountry', 'countrycode'],
  organization: ['company', 'companyname', 'org', 'organisation', 'business'],
  title: ['jobtitle', 'position', 'role'],
  employer: ['donoremployer', 'contributoremployer', 'employername'],
  occupation: ['donoroccupation', 'contributoroccupation', 'profession', 'job'],
  contactId: ['caucusid', 'contactid'],
  associateFirstName: ['spousefirstname', 'partnerfirstname', 'associatefirst'],
  associateLastName: ['spouselastname', 'partnerlastname', 'associatelast'],
  relationship: ['relationshiptype', 'relation'],
  associateEmail: ['spouseemail', 'partneremail'],
  associatePhone: ['spousephone', 'partnerphone'],
  donationContactId: ['donationcontactid'],
  amount: ['transactionamt', 'donationamount', 'giftamount', 'contributionamount', 'contributionreceiptamount', 'total', 'amountusd', 'gift', 'donation'],
  donationDate: [
    'transactiondt',
    'date',
    'giftdate',
    'donationdate',
    'contributiondate',
    'contributionreceiptdate',
    'receiptdate',
    'datereceived',
    'paiddate',
    'transactiondate',
  ],
  paymentMethod: ['payment', 'paymenttype', 'method', 'tender'],
  transactionId: ['tranid', 'transaction', 'receiptid', 'lineitemid', 'orderid', 'paymentid', 'chargeid', 'referenceid', 'transactionnumber'],
  checkNumber: ['check', 'checkno', 'chequenumber'],
  donationStatus: ['status', 'paymentstatus', 'giftstatus'],
  electionCode: ['election', 'electioncode', 'designation', 'electiondesignation', 'fecelectioncode', 'memoelectioncode'],
  pledgeContactId: ['pledgecontactid'],
  pledgedAmount: ['pledge', 'pledgeamount', 'pledged', 'commitment'],
  dueDate: ['pledgedue', 'pledgeduedate', 'due'],
  pledgeStatus: ['pledgestatus'],
  notes: ['note', 'comment', 'comments', 'memo', 'description', 'memotext'],
  tags: ['tag', 'labels', 'groups', 'segments'],
};

/**
 * Columns of the FEC's individual-contributions files never guessed, though "TRANSACTION_TP" and
 * "TRANSACTION_PGI" have "transaction" in them: committee, report and filing ids and the transaction
 * type hold nothing to import, and TRANSACTION_PGI (the election, "P2024") is left for the user to map:
 * it needs the campaign's committee to have that election, or every row would be skipped.
 */
const FEC_UNMAPPED = new Set([
  'cmteid',
  'amndtind',
  'rpttp',
  'imagenum',
  'transactiontp',
  'transactionpgi',
  'entitytp',
  'otherid',
  'filenum',
  'memocd',
  'subid',
]);
/** Synonyms too general to guess from inside a longer header ("transaction" in TRANSACTION_AMT is no id). */
const EXACT_ONLY = new Set(['transaction', 'payment', 'status', 'check', 'gift', 'total', 'date', 'name', 'election']);

const EXACT = new Map<string, ImportTargetField>();
for (const field of IMPORT_TARGET_FIELDS) {
  EXACT.set(normaliseHeader(field), field);
  EXACT.set(normaliseHeader(IMPORT_TARGET_LABELS[field]), field);
  for (const synonym of SYNONYMS[field]) if (!EXACT.has(synonym)) EXACT.set(synonym, field);
}

/** A header's best guess: an exact name or synonym (high), or a synonym inside it (medium). */
export function guessTarget(header: string): { field: ImportTargetField; confidence: Confidence } | null {
  const key = normaliseHeader(header);
  if (!key || FEC_UNMAPPED.has(key)) return null;
  const exact = EXACT.get(key);
  if (exact) return { field: exact, confidence: 'high' };
  let best: { field: ImportTargetField; length: number } | null = null;
  for (const [name, field] of EXACT) {
    if (name.length >= 4 && !EXACT_ONLY.has(name) && key.includes(name) && (!best || name.length > best.length)) best = { field, length: name.length };
  }
  return best ? { field: best.field, confidence: 'medium' } : null;
}

/** Every header's guess, each field used once (the surer, earlier header keeps it). */
export function autoMap(headers: string[]): AutoMapping {
  const mapping: Mapping = {};
  const confidence: Record<string, Confidence> = {};
  const guesses = headers.map((header, index) => ({ header, index, guess: guessTarget(header) }));
  guesses.sort((a, b) => (a.guess?.confidence === b.guess?.confidence ? a.index - b.index : a.guess?.confidence === 'high' ? -1 : 1));
  const used = new Set<string>();
  for (const { header, guess } of guesses) {
    mapping[header] = '';
    if (guess && !used.has(guess.field)) {
      used.add(guess.field);
      mapping[header] = guess.field;
      confidence[header] = guess.confidence;
    }
  }
  return { mapping, confidence };
}

const STORAGE_PREFIX = 'caucus.importMapping.';
const storageKey = (headers: string[]) => `${STORAGE_PREFIX}${headers.map(normaliseHeader).join('|')}`;

/** The mapping the user confirmed for a file with these same headers, if any. */
export function rememberedMapping(headers: string[]): Mapping | null {
  try {
    const saved = window.localStorage.getItem(storageKey(headers));
    if (!saved) return null;
    const parsed = JSON.parse(saved) as Mapping;
    const valid = headers.every((h) => parsed[h] === '' || (IMPORT_TARGET_FIELDS as string[]).includes(parsed[h] as string));
    return valid ? parsed : null;
  } catch {
    return null;
  }
}

export function rememberMapping(headers: string[], mapping: Mapping): void {
  try {
    window.localStorage.setItem(storageKey(headers), JSON.stringify(mapping));
  } catch {
    // Private mode or a full store: remembering is a convenience only.
  }
}

/** Fields mapped from more than one column (blocks Next: 'Duplicate Field Mappings Detected'), by the contract's rule. */
export function duplicateTargets(mapping: Mapping): ImportTargetField[] {
  const fields = mappingIssues(Object.keys(mapping), mapping)
    .filter(isDuplicateIssue)
    .map((issue) => mapping[issue.header ?? ''])
    .filter((field): field is ImportTargetField => Boolean(field));
  return [...new Set(fields)];
}

/** No mapped column names a contact, so every row would be skipped ('Missing Required Fields'). */
export const missingIdentity = missingContactFields;
