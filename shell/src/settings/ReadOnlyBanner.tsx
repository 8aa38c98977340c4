import { Link } from 'react-router-dom';
import type { Workspace } from '@caucus/contract';
import styles from './Settings.module.css';

export const RENEW_LINK = 'Renew subscription';
export const PAYMENT_SETTINGS_PATH = '/dashboard/settings/payment';

/**
 * Shown on every dashboard page while the workspace is read-only (a cancelled subscription, or one
 * unpaid past its grace period): why saving is refused, and where to renew. Nothing is hidden or
 * deleted meanwhile.
 */
export function ReadOnlyBanner({ workspace }: { workspace: Workspace | undefined }) {
  if (!workspace?.subscription.readOnly) return null;
  return (
    <div className={styles.readOnlyBanner} role="alert">
      <p>{workspace.subscription.message}</p>
      <Link to={PAYMENT_SETTINGS_PATH} className={styles.readOnlyLink}>
        {RENEW_LINK}
      </Link>
    </div>
  );
}
