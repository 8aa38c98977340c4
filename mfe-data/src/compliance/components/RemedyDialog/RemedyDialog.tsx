import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Select, TextField } from '@caucus/design-system';
import { toast } from '@caucus/design-system/session';
import type { CommitteeElection, ExcessiveContribution, RemedyAction, RemedyInput } from '@caucus/api/contract';
import { complianceKeys, postRemedy, searchContacts } from '../../api/complianceApi';
import { formatMoney } from '../../../analytics/utils/format';
import styles from './RemedyDialog.module.css';

export const REMEDY_LABELS: Record<RemedyAction, string> = {
  refund: 'Refund',
  redesignate: 'Redesignate',
  reattribute: 'Reattribute',
};

export type RemedyDialogProps = {
  committeeId: string;
  contribution: ExcessiveContribution;
  action: RemedyAction;
  /** The committee's elections: a redesignation moves the excess to a later one. */
  elections: CommitteeElection[];
  onClose: () => void;
};

const contactName = (c: { firstName: string | null; lastName: string | null; organization: string | null }) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || c.organization || 'Unnamed contact';

/** Confirms one remedy of an excessive contribution and records it (POST /api/compliance/excessive/:id/remedy). */
export function RemedyDialog({ committeeId, contribution, action, elections, onClose }: RemedyDialogProps) {
  const queryClient = useQueryClient();
  const electionDate = elections.find((e) => e.code === contribution.electionCode)?.date ?? contribution.donationDate;
  const laterElections = elections.filter((e) => e.code !== contribution.electionCode && e.date > electionDate);
  const [electionCode, setElectionCode] = useState(laterElections[0]?.code ?? '');
  const [search, setSearch] = useState('');
  const [contactId, setContactId] = useState('');
  const trimmed = search.trim();
  const contacts = useQuery({
    queryKey: complianceKeys.contacts(trimmed),
    queryFn: ({ signal }) => searchContacts(trimmed, signal),
    enabled: action === 'reattribute' && trimmed.length >= 2,
  });
  const candidates = (contacts.data?.contacts ?? []).filter((c) => c.id !== contribution.contactId);

  const remedy = useMutation({
    mutationFn: (input: RemedyInput) => postRemedy(contribution.donationId, input),
    onSuccess: async () => {
      toast.success(`${REMEDY_LABELS[action]} recorded`, `${formatMoney(contribution.excessAmount)} of ${contribution.contactName}'s gift.`);
      await queryClient.invalidateQueries({ queryKey: complianceKeys.excessive(committeeId) });
      onClose();
    },
  });

  const ready = action === 'refund' || (action === 'redesignate' ? electionCode !== '' : contactId !== '');
  const handleConfirm = () => {
    if (action === 'refund') remedy.mutate({ action });
    else if (action === 'redesignate') remedy.mutate({ action, electionCode });
    else remedy.mutate({ action, contactId });
  };

  return (
    <Modal
      open
      size="sm"
      onClose={onClose}
      title={`${REMEDY_LABELS[action]} the excess`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remedy.isPending}>
            Cancel
          </Button>
          <Button onClick={handleConfirm} disabled={!ready} loading={remedy.isPending}>
            {REMEDY_LABELS[action]} {formatMoney(contribution.excessAmount)}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <p>
          {contribution.contactName} has given {formatMoney(contribution.aggregate)} for {contribution.electionCode}, {formatMoney(contribution.excessAmount)} over
          the {formatMoney(contribution.limit)} limit. Remedy by {contribution.deadline}.
        </p>
        {action === 'refund' ? <p>The excess is recorded as refunded; the rest of the gift stays.</p> : null}
        {action === 'redesignate' ? (
          laterElections.length === 0 ? (
            <p role="alert">This committee has no later election to move the excess to. Add one in the campaign&apos;s Committees &amp; Accounts tab.</p>
          ) : (
            <Select
              label="Move the excess to"
              value={electionCode}
              options={laterElections.map((e) => ({ value: e.code, label: `${e.code} (${e.date})` }))}
              onChange={(event) => setElectionCode(event.target.value)}
            />
          )
        ) : null}
        {action === 'reattribute' ? (
          <>
            <TextField label="Joint account holder" placeholder="Search by name or email" value={search} onChange={(event) => setSearch(event.target.value)} />
            {trimmed.length >= 2 && contacts.isSuccess && candidates.length === 0 ? <p>No other contact matches.</p> : null}
            {candidates.length > 0 ? (
              <Select
                label="Reattribute to"
                placeholder="Choose a contact"
                value={contactId}
                options={candidates.map((c) => ({ value: c.id, label: `${contactName(c)}${c.primaryEmail ? ` (${c.primaryEmail})` : ''}` }))}
                onChange={(event) => setContactId(event.target.value)}
              />
            ) : null}
          </>
        ) : null}
        {remedy.isError ? (
          <p className={styles.error} role="alert">
            {remedy.error instanceof Error ? remedy.error.message : 'The remedy could not be recorded.'}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
