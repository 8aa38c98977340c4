import { can } from './permissions';
import { sampleSession } from './testUtils';

describe('can', () => {
  it('answers from the permissions of the session', () => {
    const treasurer = { ...sampleSession, role: 'treasurer', permissions: ['money.write', 'contacts.read'] };
    expect(can(treasurer, 'money.write')).toBe(true);
    expect(can(treasurer, 'team.write')).toBe(false);
  });

  it('nobody signed in can do nothing; a profile cached before roles shows everything', () => {
    expect(can(null, 'contacts.read')).toBe(false);
    expect(can(sampleSession, 'team.write')).toBe(true);
  });
});
