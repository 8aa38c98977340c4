import { DUPLICATE_REASONS, matchName, zip5, type DuplicateReason } from '@caucus/contract';
import { areNicknames, formalNames } from './nicknames';

// The duplicate scan's rules, as pure functions over the contacts' identifying fields. Contacts are
// grouped by keys (blocking: an email, a phone, a name and ZIP, a formal name and ZIP, an address),
// and only contacts sharing a key are compared: 100,000 contacts are a few hundred thousand key
// entries, never the five billion pairs of comparing everyone with everyone.

export type ScanContact = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  primaryEmail: string | null;
  primaryPhone: string | null;
  addressLine1: string | null;
  zipCode: string | null;
};

export type FoundPair = { a: string; b: string; reasons: DuplicateReason[]; score: number };

/** How strongly each reason alone says "one person"; a second reason adds 5 (at most 99). */
export const REASON_SCORES: Record<DuplicateReason, number> = {
  same_email: 95,
  same_name_zip: 85,
  nickname_same_zip: 80,
  similar_name_same_address: 75,
  same_phone: 70,
};

/**
 * A key shared by more contacts than this (an office's switchboard number, a shared inbox) says
 * nothing about any two of them; its pairs are left out instead of flooding the queue.
 */
export const MAX_GROUP = 25;

export function emailKey(value: string | null): string | null {
  const key = value?.trim().toLowerCase();
  return key || null;
}

/** The last ten digits of a phone (country code and formatting aside); shorter than seven digits is no key. */
export function phoneKey(value: string | null): string | null {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-10) : null;
}

const STREET_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  boulevard: 'blvd',
  court: 'ct',
  place: 'pl',
  terrace: 'ter',
  highway: 'hwy',
  parkway: 'pkwy',
  circle: 'cir',
  square: 'sq',
  apartment: 'apt',
  suite: 'ste',
  unit: 'apt',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
};

/** "12 Main Street, Apt. 4" and "12 main st apt 4" are one address. */
export function addressKey(line: string | null, zip: string | null): string | null {
  const z = zip5(zip);
  const words = (line ?? '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => STREET_WORDS[w] ?? w);
  return z && words.length > 0 ? `${words.join(' ')}|${z}` : null;
}

/** Jaro-Winkler similarity (0-1): tolerant of a typo or two in a name. */
export function jaroWinkler(s: string, t: string): number {
  if (s === t) return 1;
  if (!s || !t) return 0;
  const range = Math.max(0, Math.floor(Math.max(s.length, t.length) / 2) - 1);
  const sMatch = new Array<boolean>(s.length).fill(false);
  const tMatch = new Array<boolean>(t.length).fill(false);
  let matches = 0;
  for (let i = 0; i < s.length; i++) {
    for (let j = Math.max(0, i - range); j < Math.min(t.length, i + range + 1); j++) {
      if (tMatch[j] || s[i] !== t[j]) continue;
      sMatch[i] = tMatch[j] = true;
      matches += 1;
      break;
    }
  }
  if (matches === 0) return 0;
  let k = 0;
  let transpositions = 0;
  for (let i = 0; i < s.length; i++) {
    if (!sMatch[i]) continue;
    while (!tMatch[k]) k += 1;
    if (s[i] !== t[k]) transpositions += 1;
    k += 1;
  }
  const jaro = (matches / s.length + matches / t.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < Math.min(4, s.length, t.length) && s[prefix] === t[prefix]) prefix += 1;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** One person's name written two ways: a typo, a nickname, an initial. Two people of one household are not (John and Mary Smith). */
export function similarNames(a: ScanContact, b: ScanContact): boolean {
  const lastA = matchName(a.lastName);
  const lastB = matchName(b.lastName);
  const firstA = matchName(a.firstName);
  const firstB = matchName(b.firstName);
  if (!lastA || !lastB || !firstA || !firstB) return false;
  if (lastA !== lastB && jaroWinkler(lastA, lastB) < 0.9) return false;
  if (firstA === firstB || areNicknames(firstA, firstB)) return true;
  const initial = (x: string, y: string) => x.length === 1 && y.startsWith(x);
  if (initial(firstA, firstB) || initial(firstB, firstA)) return true;
  return jaroWinkler(firstA, firstB) >= 0.9;
}

function scoreOf(reasons: DuplicateReason[]): number {
  const best = Math.max(...reasons.map((r) => REASON_SCORES[r]));
  return Math.min(99, best + 5 * (reasons.length - 1));
}

/**
 * The scan in steps, so a large account never holds the event loop for long: add() each page of
 * contacts as it is read (its keys), then pairs() walks the groups, handing the loop back to other
 * requests every `yieldEvery` groups.
 */
export function createPairFinder() {
  const groups = new Map<string, ScanContact[]>();
  const put = (key: string | null, contact: ScanContact) => {
    if (!key) return;
    const list = groups.get(key);
    if (list) list.push(contact);
    else groups.set(key, [contact]);
  };
  const add = (contacts: readonly ScanContact[]) => {
    for (const c of contacts) {
      const email = emailKey(c.primaryEmail);
      if (email) put(`e:${email}`, c);
      const phone = phoneKey(c.primaryPhone);
      if (phone) put(`p:${phone}`, c);
      const first = matchName(c.firstName);
      const last = matchName(c.lastName);
      const zip = zip5(c.zipCode);
      if (first && last && zip) {
        put(`n:${first}|${last}|${zip}`, c);
        for (const formal of formalNames(first)) put(`k:${formal}|${last}|${zip}`, c);
      }
      const address = addressKey(c.addressLine1, c.zipCode);
      if (address && last) put(`a:${address}`, c);
    }
  };

  const collect = (pairs: Map<string, { a: string; b: string; reasons: Set<DuplicateReason> }>, key: string, members: ScanContact[]) => {
    if (members.length < 2 || members.length > MAX_GROUP) return;
    const note = (x: ScanContact, y: ScanContact, reason: DuplicateReason) => {
      const [a, b] = x.id < y.id ? [x.id, y.id] : [y.id, x.id];
      const pairKey = `${a}|${b}`;
      const pair = pairs.get(pairKey) ?? { a, b, reasons: new Set<DuplicateReason>() };
      pair.reasons.add(reason);
      pairs.set(pairKey, pair);
    };
    const kind = key[0];
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const x = members[i];
        const y = members[j];
        if (x.id === y.id) continue;
        if (kind === 'e') note(x, y, 'same_email');
        else if (kind === 'p') note(x, y, 'same_phone');
        else if (kind === 'n') note(x, y, 'same_name_zip');
        else if (kind === 'k') {
          if (areNicknames(matchName(x.firstName), matchName(y.firstName))) note(x, y, 'nickname_same_zip');
        } else if (kind === 'a' && similarNames(x, y)) note(x, y, 'similar_name_same_address');
      }
    }
  };

  const ordered = (pairs: Map<string, { a: string; b: string; reasons: Set<DuplicateReason> }>): FoundPair[] => {
    const order = (r: DuplicateReason) => DUPLICATE_REASONS.indexOf(r);
    return [...pairs.values()]
      .map(({ a, b, reasons }) => {
        const list = [...reasons].sort((x, y) => order(x) - order(y));
        return { a, b, reasons: list, score: scoreOf(list) };
      })
      .sort((x, y) => y.score - x.score || (x.a < y.a ? -1 : x.a > y.a ? 1 : x.b < y.b ? -1 : 1));
  };

  return {
    add,
    /** Every pair found, best first, at once (small accounts, tests). */
    pairsNow(): FoundPair[] {
      const pairs = new Map<string, { a: string; b: string; reasons: Set<DuplicateReason> }>();
      for (const [key, members] of groups) collect(pairs, key, members);
      return ordered(pairs);
    },
    /** The same, letting other work in between every `yieldEvery` groups. */
    async pairs(yieldEvery = 4_000): Promise<FoundPair[]> {
      const pairs = new Map<string, { a: string; b: string; reasons: Set<DuplicateReason> }>();
      let n = 0;
      for (const [key, members] of groups) {
        collect(pairs, key, members);
        if (++n % yieldEvery === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      groups.clear();
      return ordered(pairs);
    },
  };
}

/** Every pair of contacts that share a key, with the reasons they look like one person, best first. */
export function findDuplicatePairs(contacts: readonly ScanContact[]): FoundPair[] {
  const finder = createPairFinder();
  finder.add(contacts);
  return finder.pairsNow();
}
