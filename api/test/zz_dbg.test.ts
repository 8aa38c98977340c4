import { createTestDb } from '/work/main/api/test/support/testDb';
import { createAccountWithUser } from '/work/main/api/test/helpers/fixtures';
import { createAuthRepository } from '/work/main/api/src/modules/auth/repository';
import argon2 from 'argon2';
it('dbg', async () => {
  const db = await createTestDb();
  const m = await createAccountWithUser(db.knex);
  const repo = createAuthRepository(db.knex);
  const u = await repo.findUserByEmail(m.email);
  console.log(u, await repo.listActiveAccounts(m.userId));
  console.log(await argon2.verify(u!.passwordHash, m.password));
  await db.destroy();
});
