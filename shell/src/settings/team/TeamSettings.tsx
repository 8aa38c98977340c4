import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { Badge, Button, ConfirmDialog, ErrorState, Select, Spinner } from '@caucus/design-system';
import { Form, FormSelect, FormTextField } from '@caucus/design-system/form';
import { ApiError, formatDateTime, toast, useCan, useQueryClient, useSession } from '@caucus/platform';
import {
  invitationSchema,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLES,
  type InvitationInput,
  type Role,
  type TeamInvitation,
  type TeamResponse,
  type TeamUser,
} from '@caucus/contract';
import { showSaveError } from '../serverErrors';
import { FormSection, SettingsPage } from '../SettingsPage';
import settingsStyles from '../Settings.module.css';
import styles from './TeamSettings.module.css';
import { teamApi, teamKeys, useTeam } from './teamApi';

export const PAYMENT_PATH = '/dashboard/settings/payment';
const roleOptions = (allowOwner: boolean) => ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role], disabled: role === 'owner' && !allowOwner }));

function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.team });
}

function SeatLine({ team }: { team: TeamResponse }) {
  const { seats } = team;
  return (
    <p className={settingsStyles.itemText}>
      {seats.used} of {seats.seats} {seats.seats === 1 ? 'user' : 'users'} on the {seats.planName} plan (open invitations hold a seat).
    </p>
  );
}

/** The refusal beyond the plan's seats names the plan that allows more; the upgrade is in Payment. */
function SeatLimit({ message }: { message: string }) {
  return (
    <div role="alert" className={styles.seatLimit}>
      <p>{message}</p>
      <Link to={PAYMENT_PATH} className={styles.upgradeLink}>
        Upgrade the plan
      </Link>
    </div>
  );
}

function InviteForm({ isOwner, onSeatLimit }: { isOwner: boolean; onSeatLimit: (message: string) => void }) {
  const refresh = useRefreshTeam();
  const form = useForm<InvitationInput>({
    resolver: zodResolver(invitationSchema, undefined, { mode: 'sync' }),
    defaultValues: { email: '', role: 'staff' },
  });
  const handleSubmit = async (values: InvitationInput) => {
    onSeatLimit('');
    try {
      const sent = await teamApi.invite(values.email, values.role);
      toast.success('Invitation sent', `${sent.email} has 7 days to accept.`);
      form.reset({ email: '', role: values.role });
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.details && 'upgradePlan' in (error.details as object)) {
        onSeatLimit(error.message);
        return;
      }
      showSaveError(form, error, 'The invitation was not sent');
    }
  };
  return (
    <Form form={form} onSubmit={handleSubmit} className={styles.inviteForm} aria-label="Invite user">
      <FormTextField<InvitationInput> name="email" label="Email" type="email" autoComplete="off" />
      <FormSelect<InvitationInput> name="role" label="Role" options={roleOptions(isOwner)} />
      <Button type="submit" loading={form.formState.isSubmitting}>
        Invite user
      </Button>
    </Form>
  );
}

function UserRow({ user, isSelf, manage, isOwner }: { user: TeamUser; isSelf: boolean; manage: boolean; isOwner: boolean }) {
  const refresh = useRefreshTeam();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  // Only an owner gives or takes the owner role (the API says so too).
  const canChange = manage && !isSelf && (isOwner || user.role !== 'owner');

  const handleRole = async (role: string) => {
    setPending(true);
    try {
      await teamApi.changeRole(user.id, role);
      toast.success('Role changed', `${name} is now ${ROLE_LABELS[role as Role]}.`);
    } catch (error) {
      toast.error('The role was not changed', error instanceof Error ? error.message : undefined);
    } finally {
      setPending(false);
      await refresh();
    }
  };

  const handleRemove = async () => {
    setPending(true);
    try {
      await teamApi.remove(user.id);
      toast.success('User removed', `${name} was signed out of this account. What they did stays in the audit trail.`);
      setConfirming(false);
    } catch (error) {
      toast.error('The user was not removed', error instanceof Error ? error.message : undefined);
    } finally {
      setPending(false);
      await refresh();
    }
  };

  return (
    <li className={`${settingsStyles.listItem} ${styles.row}`}>
      <div className={styles.who}>
        <p className={settingsStyles.itemTitle}>
          {name} {isSelf ? <Badge size="sm">You</Badge> : null}
        </p>
        <p className={settingsStyles.itemText}>{user.email}</p>
        <p className={settingsStyles.itemText}>
          {user.twoFactorEnabled ? 'Two-factor on' : 'Two-factor off'} ·{' '}
          {user.lastSignInAt ? `Last sign-in ${formatDateTime(user.lastSignInAt)}` : 'Never signed in'}
        </p>
      </div>
      <div className={styles.controls}>
        {canChange ? (
          <Select
            label={`Role of ${name}`}
            hideLabel
            value={user.role}
            disabled={pending}
            options={roleOptions(isOwner)}
            onChange={(event) => void handleRole(event.target.value)}
          />
        ) : (
          <Badge tone={user.role === 'owner' ? 'success' : 'neutral'}>{ROLE_LABELS[user.role]}</Badge>
        )}
        {canChange ? (
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} aria-label={`Remove ${name}`}>
            Remove
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Remove ${name}?`}
        confirmLabel="Remove user"
        pending={pending}
        onConfirm={() => void handleRemove()}
        onClose={() => setConfirming(false)}
      >
        {name} is signed out of this account at once and can no longer open it. Everything they did stays attributed to them.
      </ConfirmDialog>
    </li>
  );
}

function InvitationRow({ invitation, manage, onSeatLimit }: { invitation: TeamInvitation; manage: boolean; onSeatLimit: (message: string) => void }) {
  const refresh = useRefreshTeam();
  const [pending, setPending] = useState<'resend' | 'revoke' | null>(null);
  const act = async (kind: 'resend' | 'revoke') => {
    setPending(kind);
    try {
      if (kind === 'resend') {
        await teamApi.resend(invitation.id);
        toast.success('Invitation sent again', `A new link went to ${invitation.email}; the old one no longer works.`);
      } else {
        await teamApi.revoke(invitation.id);
        toast.success('Invitation revoked', `The link sent to ${invitation.email} no longer works.`);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) onSeatLimit(error.message);
      else
        toast.error(kind === 'resend' ? 'The invitation was not sent' : 'The invitation was not revoked', error instanceof Error ? error.message : undefined);
    } finally {
      setPending(null);
      await refresh();
    }
  };
  return (
    <li className={`${settingsStyles.listItem} ${styles.row}`}>
      <div className={styles.who}>
        <p className={settingsStyles.itemTitle}>
          {invitation.email} <Badge size="sm">{ROLE_LABELS[invitation.role]}</Badge>{' '}
          {invitation.expired ? (
            <Badge size="sm" tone="warning">
              Expired
            </Badge>
          ) : null}
        </p>
        <p className={settingsStyles.itemText}>
          {invitation.invitedBy ? `Invited by ${invitation.invitedBy} · ` : ''}
          {invitation.expired ? 'Expired' : 'Expires'} {formatDateTime(invitation.expiresAt)}
        </p>
      </div>
      {manage ? (
        <div className={styles.controls}>
          <Button
            variant="secondary"
            size="sm"
            loading={pending === 'resend'}
            onClick={() => void act('resend')}
            aria-label={`Resend the invitation to ${invitation.email}`}
          >
            Resend
          </Button>
          <Button
            variant="secondary"
            size="sm"
            loading={pending === 'revoke'}
            onClick={() => void act('revoke')}
            aria-label={`Revoke the invitation to ${invitation.email}`}
          >
            Revoke
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function TeamContent({ team }: { team: TeamResponse }) {
  const { session } = useSession();
  const manage = useCan('team.write');
  const [seatLimit, setSeatLimit] = useState('');
  const isOwner = session?.role === 'owner' || session?.role === undefined;
  return (
    <>
      <FormSection title="Users">
        <SeatLine team={team} />
        <ul className={settingsStyles.list} aria-label="Users">
          {team.users.map((user) => (
            <UserRow key={user.id} user={user} isSelf={user.id === session?.user.id} manage={manage} isOwner={isOwner} />
          ))}
        </ul>
      </FormSection>
      {manage ? (
        <FormSection title="Invite user">
          <p className={settingsStyles.itemText}>They get an email with a link that works once and expires in 7 days.</p>
          <InviteForm isOwner={isOwner} onSeatLimit={setSeatLimit} />
          {seatLimit ? <SeatLimit message={seatLimit} /> : null}
        </FormSection>
      ) : null}
      <FormSection title="Pending invitations">
        {team.invitations.length === 0 ? (
          <p className={settingsStyles.itemText}>No invitations are waiting.</p>
        ) : (
          <ul className={settingsStyles.list} aria-label="Pending invitations">
            {team.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} manage={manage} onSeatLimit={setSeatLimit} />
            ))}
          </ul>
        )}
      </FormSection>
      <FormSection title="Roles">
        <dl className={styles.roles}>
          {ROLES.map((role) => (
            <div key={role}>
              <dt>{ROLE_LABELS[role]}</dt>
              <dd>{ROLE_DESCRIPTIONS[role]}</dd>
            </div>
          ))}
        </dl>
      </FormSection>
    </>
  );
}

export function TeamSettings() {
  const team = useTeam();
  return (
    <SettingsPage title="Team" subtitle="The people who work in this account, their roles, and the invitations waiting for an answer.">
      {team.data ? (
        <TeamContent team={team.data} />
      ) : team.isError ? (
        <ErrorState title="The team could not be loaded" error={team.error} onRetry={() => void team.refetch()} />
      ) : (
        <Spinner label="Loading the team" />
      )}
    </SettingsPage>
  );
}
