import type { LoginData, Session } from './types';

export function sessionFromLogin(data: LoginData): Session {
  const { user, accounts } = data;
  const first = accounts[0];
  return {
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      name: `${user.firstName} ${user.lastName}`.trim(),
    },
    accounts: accounts.map((account) => ({ id: account.id, name: account.name, organizationType: account.organizationType })),
    accountId: first?.id ?? '',
    accountName: first?.name ?? '',
    organizationType: first?.organizationType ?? '',
    ...(data.role ? { role: data.role } : {}),
    ...(data.permissions ? { permissions: [...data.permissions] } : {}),
  };
}
