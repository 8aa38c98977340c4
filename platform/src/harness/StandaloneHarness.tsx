import type { ReactNode } from 'react';
import { Spinner } from '@caucus/design-system';
import { useSession } from '../useSession';
import { useSessionCheck } from '../useSessionCheck';
import { DevLogin } from './DevLogin';
import styles from './StandaloneHarness.module.css';

export type StandaloneHarnessProps = {
  /** The section's name, e.g. 'Lists': shown in the frame's bar and on the dev login. */
  title: string;
  children: ReactNode;
  /** False for a public section (the marketing site): no dev login and no frame around it. */
  requireLogin?: boolean;
};

/**
 * Stands in for the shell's frame around one section when a remote runs alone. It needs the
 * providers of SessionHarness around it; mountStandalone puts both in place.
 */
export function StandaloneHarness({ title, children, requireLogin = true }: StandaloneHarnessProps) {
  if (!requireLogin) return <>{children}</>;
  return <SignedInFrame title={title}>{children}</SignedInFrame>;
}

function SignedInFrame({ title, children }: { title: string; children: ReactNode }) {
  const { signOut } = useSession();
  const { session, status } = useSessionCheck();
  // Like the shell: a new tab asks the dev API whether the browser is signed in before the login.
  if (status === 'checking') return <Spinner label="Checking your sign-in" />;
  // Unreachable too: the dev login then says what the API answers.
  if (!session) return <DevLogin title={title} />;
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        <span className={styles.brand}>Caucus · {title} (standalone)</span>
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
