export type SessionUser = { id: string; email: string; firstName: string; lastName: string; name: string };
export type SessionAccount = { id: string; name: string; organizationType: string };
export type Session = {
  user: SessionUser;
  accounts: SessionAccount[];
  accountId: string;
  accountName: string;
  organizationType: string;
};

/** The `data` of POST /api/auth/login. */
export type LoginData = {
  user: { id: string; email: string; firstName: string; lastName: string };
  accounts: SessionAccount[];
};

/** The `data` of GET /api/auth/me: who the session cookie belongs to. */
export type MeData = LoginData & { twoFactorEnrollmentRequired?: boolean };
