import { prepareMysqlTemplate, testEngine } from './testDb';

/** Once per jest run, before the workers start: the MariaDB template every test database copies. */
export default async function globalSetup(): Promise<void> {
  if (testEngine() === 'mysql') await prepareMysqlTemplate();
}
