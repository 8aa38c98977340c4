import type { LoginData, Session } from '@caucus/platform';

export const loginData: LoginData = {
  user: { id: 'u-1', email: 'demo@caucus.local', firstName: 'Dana', lastName: 'Rivera' },
  accounts: [{ id: 'a-1', name: 'Rivera for Council', organizationType: 'political' }],
};

export const demoSession: Session = {
  user: { id: 'u-1', email: 'demo@caucus.local', firstName: 'Dana', lastName: 'Rivera', name: 'Dana Rivera' },
  accounts: [{ id: 'a-1', name: 'Rivera for Council', organizationType: 'political' }],
  accountId: 'a-1',
  accountName: 'Rivera for Council',
  organizationType: 'political',
};
