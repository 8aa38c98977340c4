import { useState } from 'react';
import { Select } from '@caucus/design-system';
import { api, confirmSession, toast, useSession } from '@caucus/platform';
import styles from './AccountSwitcher.module.css';

/** Leaving for the other account's dashboard (a seam tests replace: jsdom cannot navigate). */
export const accountNavigation = {
  reload(path: string): void {
    window.location.assign(path);
  },
};

/**
 * The top bar's account choice, for a user in several accounts. The switch is the server's (the
 * session acts in the chosen account from then on); the page then loads afresh, so no cached read
 * of the previous account is shown as this one's.
 */
export function AccountSwitcher() {
  const { session, setSession } = useSession();
  const [switching, setSwitching] = useState(false);
  if (!session || session.accounts.length < 2) return null;

  const handleChange = async (accountId: string) => {
    const target = session.accounts.find((account) => account.id === accountId);
    if (!target || accountId === session.accountId) return;
    setSwitching(true);
    try {
      await api.post(`/accounts/${encodeURIComponent(accountId)}/switch`, {});
      setSession({ ...session, accountId: target.id, accountName: target.name, organizationType: target.organizationType });
      await confirmSession();
      accountNavigation.reload('/dashboard');
    } catch (error) {
      toast.error('The account was not switched', error instanceof Error ? error.message : undefined);
      setSwitching(false);
    }
  };

  return (
    <div className={styles.switcher}>
      <Select
        label="Account"
        hideLabel
        value={session.accountId}
        disabled={switching}
        onChange={(event) => void handleChange(event.target.value)}
        options={session.accounts.map((account) => ({ value: account.id, label: account.name }))}
      />
    </div>
  );
}
