import { removePreparedScript } from './testDb';

export default function globalTeardown(): void {
  removePreparedScript();
}
