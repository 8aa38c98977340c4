import { Badge, Button, ErrorState, Modal, Skeleton } from '@caucus/design-system';
import { OPERATOR_LABELS, type RuleExplanation } from '@caucus/contract';
import { useListNames, useMembershipWhy } from '../hooks/useLists';
import { describeValue, listNameOrNote } from '../utils/describeRules';
import { formatInstantDate } from '@caucus/platform';
import { contactName, sourceLabel } from '../utils/format';
import styles from './WhyModal.module.css';

/** "Why is this person on the list": each rule, the contact's own value, and whether it held. */
export function WhyModal({ listId, contactId, onClose }: { listId: string; contactId: string; onClose: () => void }) {
  const why = useMembershipWhy(listId, contactId);
  const names = useListNames(listIdsIn(why.data?.rules ?? []));
  const listName = (id: string) => listNameOrNote(names(id));

  return (
    <Modal
      open
      size="lg"
      onClose={onClose}
      title={why.data ? `Why ${contactName(why.data.contact)} is on this list` : 'Why this contact is on the list'}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {why.isPending ? (
        <Skeleton lines={4} />
      ) : why.isError ? (
        <ErrorState title="The explanation could not be loaded" error={why.error} onRetry={() => void why.refetch()} retrying={why.isFetching} />
      ) : (
        <div className={styles.body}>
          <p className={styles.summary}>
            {why.data.membership
              ? `Member since ${formatInstantDate(why.data.membership.addedAt)} (${sourceLabel(why.data.membership.source)}). `
              : 'Not a member. '}
            {why.data.matchesRules === true
              ? 'The rules match this contact now.'
              : why.data.matchesRules === false
                ? 'The rules do not match this contact now; a refresh will remove them.'
                : ''}
          </p>
          <ExplanationList rules={why.data.rules} listName={listName} />
        </div>
      )}
    </Modal>
  );
}

function ExplanationList({ rules, listName }: { rules: RuleExplanation[]; listName: (id: string) => string }) {
  return (
    <ol className={styles.list}>
      {rules.map((rule, index) => (
        <li key={index} className={styles.item}>
          {index > 0 ? <span className={styles.logic}>{(rule.logic ?? 'and').toUpperCase()}</span> : null}
          {rule.kind === 'group' ? (
            <div className={styles.group}>
              <Outcome matched={rule.matched} />
              <ExplanationList rules={rule.rules} listName={listName} />
            </div>
          ) : (
            <div className={styles.rule}>
              <Outcome matched={rule.matched} />
              <span>
                <strong>{rule.label}</strong> {OPERATOR_LABELS[rule.operator]}{' '}
                {rule.field === 'listMembership' ? listName(String(rule.value)) : describeValue(rule.value, rule.operator)}
              </span>
              <span className={styles.actual}>
                {rule.field === 'listMembership' ? (rule.contactValue ? 'is a member' : 'is not a member') : `Contact: ${showValue(rule.contactValue)}`}
              </span>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

function listIdsIn(rules: RuleExplanation[]): string[] {
  return rules.flatMap((rule) => (rule.kind === 'group' ? listIdsIn(rule.rules) : rule.field === 'listMembership' ? [String(rule.value)] : []));
}

function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : 'none';
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return String(value);
}

function Outcome({ matched }: { matched: boolean }) {
  return (
    <Badge tone={matched ? 'success' : 'neutral'} size="sm">
      {matched ? 'Matches' : 'No match'}
    </Badge>
  );
}
