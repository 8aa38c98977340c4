import { analyticsBatchSchema, contactListQuerySchema, contactListsQuerySchema, importHistoryQuerySchema, loginSchema } from './index';

describe('loginSchema (docs/product/validation.md texts)', () => {
  const messages = (input: unknown) => {
    const result = loginSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('uses the spec messages', () => {
    expect(messages({})).toEqual(['email: Email is required', 'password: Password is required']);
    expect(messages({ email: '  ', password: '' })).toEqual(['email: Email is required', 'password: Password is required']);
    expect(messages({ email: 'jane@', password: 'x' })).toEqual(['email: Email is invalid']);
    expect(messages({ email: 'jane doe@x.org', password: 'x' })).toEqual(['email: Email is invalid']);
  });

  it('trims the email and defaults rememberMe', () => {
    expect(loginSchema.parse({ email: ' jane@doe.org ', password: 'pw' })).toEqual({ email: 'jane@doe.org', password: 'pw', rememberMe: false });
  });
});

describe('query schemas', () => {
  it('apply defaults and coerce strings', () => {
    expect(contactListQuerySchema.parse({})).toEqual({ limit: 20, offset: 0, search: undefined, status: undefined });
    expect(contactListQuerySchema.parse({ limit: '5', offset: '10', search: '  jane ', status: 'all' })).toEqual({
      limit: 5,
      offset: 10,
      search: 'jane',
      status: undefined,
    });
    expect(contactListsQuerySchema.parse({ type: 'smart', isActive: 'false' })).toMatchObject({ type: 'smart', isActive: false });
    expect(importHistoryQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
  });

  it('reject repeated or fractional numbers', () => {
    expect(contactListQuerySchema.safeParse({ limit: ['1', '2'] }).success).toBe(false);
    expect(contactListQuerySchema.safeParse({ limit: '2.5' }).success).toBe(false);
  });
});

describe('analyticsBatchSchema', () => {
  it('limits properties size', () => {
    const result = analyticsBatchSchema.safeParse({ events: [{ name: 'search', properties: { q: 'x'.repeat(5000) } }] });
    expect(result.success).toBe(false);
  });
});
