import { removePreparedScript } from './preparedScript';

export default function globalTeardown(): void {
  removePreparedScript();
}
