import type { ReactNode } from 'react';
import { useSession } from '@caucus/design-system/session';
import { DevLogin } from './DevLogin';
import styles from './Harness.module.css';

/** Stands in for the shell's frame around one section when the remote runs alone. */
export function Harness({ sectionName, children }: { sectionName: string; children: ReactNode }) {
  const { session, signOut } = useSession();
  if (!session) return <DevLogin sectionName={sectionName} />;
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <span className={styles.brand}>Caucus · {sectionName} (standalone)</span>
        <span className={styles.user}>
          {session.user.name}
          <button type="button" className={styles.logout} onClick={() => void signOut()}>
            Logout
          </button>
        </span>
      </header>
      <main className={styles.content}>{children}</main>
    </div>
  );
}
