import { CALL_OUTCOME_VALUES, CALLBACK_REQUIRED, AMOUNT_REQUIRED } from '@caucus/contract';
import { setWorkspacePreferences } from '@caucus/platform';
import { callBody, callFormErrors, emptyCallForm } from './callForm';
import { OUTCOME_KEYS, outcomeForKey } from './outcomes';

afterEach(() => setWorkspacePreferences(null));

test('every outcome of the contract has one button and one key, 1 to 8', () => {
  expect(OUTCOME_KEYS.map((o) => o.outcome).sort()).toEqual([...CALL_OUTCOME_VALUES].sort());
  expect(OUTCOME_KEYS.map((o) => o.key)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
  expect(outcomeForKey('4')?.outcome).toBe('pledged');
  expect(outcomeForKey('9')).toBeUndefined();
});

test('a pledge sends the amount as a number and the election; other outcomes send none', () => {
  const values = { ...emptyCallForm(), amount: '1500', electionCode: 'P2028', notes: ' will send a check ' };
  expect(callBody('p-1', 'pledged', values)).toEqual({
    contactId: 'p-1',
    outcome: 'pledged',
    amount: 1500,
    electionCode: 'P2028',
    callbackAt: null,
    notes: 'will send a check',
  });
  expect(callBody('p-1', 'declined', values)).toMatchObject({ amount: null, electionCode: null, callbackAt: null });
});

test("a call-back time is read on the workspace's clock", () => {
  setWorkspacePreferences({ timezone: 'America/New_York', dateFormat: 'MM/DD/YYYY' });
  const body = callBody('p-1', 'call_back', { ...emptyCallForm(), callbackDate: '2026-12-01', callbackTime: '18:30' });
  expect(body.callbackAt).toBe('2026-12-01T23:30:00.000Z');
  expect(callBody('p-1', 'call_back', { ...emptyCallForm(), callbackDate: '2026-12-01' }).callbackAt).toBe('2026-12-01T14:00:00.000Z');
});

test("the contract's messages land under the panel's fields", () => {
  expect(callFormErrors('p-1', 'pledged', emptyCallForm())).toEqual({ amount: AMOUNT_REQUIRED });
  expect(callFormErrors('p-1', 'call_back', emptyCallForm())).toEqual({ callbackDate: CALLBACK_REQUIRED });
  expect(callFormErrors('p-1', 'gave_now', { ...emptyCallForm(), amount: '0' }).amount).toBe('Amount must be more than 0');
  expect(callFormErrors('p-1', 'no_answer', emptyCallForm())).toEqual({});
});
