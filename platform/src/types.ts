export type SessionUser = { id: string; email: string; firstName: string; lastName: string; name: string };
export type SessionAccount = { id: string; name: string; organizationType: string };
export type Session = {
  user: SessionUser;
  accounts: SessionAccount[];
  accountId: string;
  accountName: string;
  organizationType: string;
  /** The user's role in the account they work in, and what it allows (the API's permission table). */
  role?: string;
  permissions?: string[];
};

/** The `data` of POST /api/auth/login. */
export type LoginData = {
  user: { id: string; email: string; firstName: string; lastName: string };
  accounts: SessionAccount[];
  role?: string;
  permissions?: string[];
};

/** The `data` of GET /api/auth/me: who the session cookie belongs to. */
export type MeData = LoginData & { twoFactorEnrollmentRequired?: boolean };
