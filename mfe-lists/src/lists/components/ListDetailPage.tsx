import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Badge, Button, buttonClassName, Card, Checkbox, EmptyState, ConfirmDialog, ErrorState, Pagination, Skeleton, TextField } from '@caucus/design-system';
import { referencedListIds } from '@caucus/contract';
import { useCan, formatDateTime, formatInstantDate, formatWholeUsd } from '@caucus/platform';
import type { ContactList } from '../api/listsApi';
import { MEMBERS_PAGE_SIZE } from '../api/listsApi';
import { useApplyRules, useContactList, useListMembers, useListNames, useListStats, useRemoveMembers } from '../hooks/useLists';
import { useSearchBox } from '../hooks/useSearchBox';
import { editListPath, LISTS_PATH } from '../paths';
import { contactName, memberCountLabel, sourceLabel, typeLabel } from '../utils/format';
import { describeRules, listNameOrNote } from '../utils/describeRules';
import { AddContactsModal } from './AddContactsModal';
import { DeleteListDialog } from './DeleteListDialog';
import { WhyModal } from './WhyModal';
import grid from './DataGrid.module.css';
import styles from './ListDetailPage.module.css';

export function ListDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const list = useContactList(id);
  if (list.isPending) {
    return (
      <Card aria-busy="true" aria-label="Loading list">
        <Skeleton width="40%" height="1.5rem" />
        <Skeleton lines={3} />
      </Card>
    );
  }
  if (list.isError) {
    return (
      <div className={styles.page}>
        <Link to={LISTS_PATH} className={styles.back}>
          ← Back to lists
        </Link>
        <ErrorState title="This list could not be loaded" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      </div>
    );
  }
  return <ListDetail list={list.data} />;
}

function ListDetail({ list }: { list: ContactList }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const refresh = useApplyRules(list.id);
  const smart = list.type === 'smart';
  // Changing a list needs lists.write (contract/permissions.ts); other roles only read.
  const canWrite = useCan('lists.write');
  // 'Member of list' rules hold list ids; the summary shows those lists' names.
  const listName = useListNames(referencedListIds(list.rules));

  return (
    <section className={styles.page} aria-labelledby="list-title">
      <Link to={LISTS_PATH} className={styles.back}>
        ← Back to lists
      </Link>
      <Card>
        <div className={styles.header}>
          <div className={styles.identity}>
            <div className={styles.titleRow}>
              <h1 id="list-title" className={styles.title}>
                {list.name}
              </h1>
              <Badge tone={smart ? 'info' : 'neutral'}>{typeLabel(list.type)}</Badge>
            </div>
            <p className={styles.count}>{memberCountLabel(list.memberCount)}</p>
            {list.description ? <p className={styles.description}>{list.description}</p> : null}
            {smart ? (
              <p className={styles.meta}>{list.rulesAppliedAt ? `Rules last applied ${formatDateTime(list.rulesAppliedAt)}` : 'Rules not applied yet'}</p>
            ) : null}
          </div>
          {canWrite ? (
            <div className={styles.actions}>
              {smart ? (
                <Button variant="secondary" onClick={() => refresh.mutate()} loading={refresh.isPending}>
                  Refresh
                </Button>
              ) : null}
              <Link className={buttonClassName({ variant: 'secondary' })} to={editListPath(list.id)}>
                Edit List
              </Link>
              <Button variant="danger" onClick={() => setDeleting(true)}>
                Delete List
              </Button>
            </div>
          ) : null}
        </div>
        {list.tags.length > 0 ? (
          <ul className={styles.tags} aria-label="Tags">
            {list.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        ) : null}
        {smart && list.rules.length > 0 ? (
          <div className={styles.rules}>
            <h2 className={styles.rulesTitle}>Rules</h2>
            <p className={styles.rulesText}>{describeRules(list.rules, (listId) => listNameOrNote(listName(listId)))}</p>
          </div>
        ) : null}
      </Card>
      <Stats listId={list.id} />
      <Members list={list} />
      {/* Deleting the open list returns to the lists (docs/product/screens.md). */}
      <DeleteListDialog list={deleting ? list : null} onClose={() => setDeleting(false)} onDeleted={() => navigate(LISTS_PATH)} />
    </section>
  );
}

function Stats({ listId }: { listId: string }) {
  const stats = useListStats(listId);
  const cards: [string, number | undefined][] = [
    ['Total Members', stats.data?.stats.totalMembers],
    ['Manual', stats.data?.stats.manualMembers],
    ['Smart Rule', stats.data?.stats.smartRuleMembers],
    ['Imported', stats.data?.stats.importedMembers],
  ];
  return (
    <div className={styles.stats} aria-label="List statistics" role="group">
      {cards.map(([label, value]) => (
        <Card key={label} padding="sm">
          <p className={styles.statLabel}>{label}</p>
          <p className={styles.statValue}>{value === undefined ? (stats.isError ? '—' : '…') : value.toLocaleString('en-US')}</p>
        </Card>
      ))}
    </div>
  );
}

function Members({ list }: { list: ContactList }) {
  const [page, setPage] = useState(1);
  const { searchText, setSearchText, search } = useSearchBox(setPage);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [adding, setAdding] = useState(false);
  const [whyFor, setWhyFor] = useState<string | null>(null);
  const members = useListMembers(list.id, page, search);
  const remove = useRemoveMembers(list.id);
  const isStatic = list.type === 'static';
  const canWrite = useCan('lists.write');

  const toggle = (contactId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(contactId)) next.delete(contactId);
      else next.add(contactId);
      return next;
    });

  const handleRemove = () => {
    remove.mutate([...selected], {
      onSuccess: () => {
        setSelected(new Set());
        setConfirming(false);
      },
      onError: () => setConfirming(false),
    });
  };

  const total = members.data?.total ?? 0;
  return (
    <Card
      title="Members"
      headingLevel={2}
      actions={
        <>
          {isStatic && canWrite && selected.size > 0 ? (
            <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
              Remove ({selected.size.toLocaleString('en-US')})
            </Button>
          ) : null}
          {isStatic && canWrite ? (
            <Button size="sm" onClick={() => setAdding(true)}>
              Add Contacts
            </Button>
          ) : null}
        </>
      }
    >
      <TextField
        className={styles.memberSearch}
        label="Search members"
        hideLabel
        type="search"
        placeholder="Search members..."
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
      />
      {members.isPending ? (
        <Skeleton lines={5} />
      ) : members.isError ? (
        <ErrorState title="Members could not be loaded" error={members.error} onRetry={() => void members.refetch()} retrying={members.isFetching} />
      ) : members.data.contacts.length === 0 ? (
        <EmptyState
          title="No members"
          message={search ? 'No member matches this search.' : isStatic ? 'Add contacts to this list.' : 'No contact matches the rules right now.'}
        />
      ) : (
        <div className={grid.scroller}>
          {/* A card per member on a phone (DataGrid's .cards): the Why? button stays on screen. */}
          <table className={`${grid.table} ${grid.cards}`}>
            <caption className={grid.srOnly}>Members of {list.name}</caption>
            <thead>
              <tr>
                {isStatic ? (
                  <th scope="col">
                    <span className={grid.srOnly}>Select</span>
                  </th>
                ) : null}
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Location</th>
                <th scope="col" className={grid.number}>
                  Total Donated
                </th>
                <th scope="col">Added</th>
                {!isStatic ? (
                  <th scope="col">
                    <span className={grid.srOnly}>Why</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {members.data.contacts.map((member) => {
                const name = contactName(member);
                return (
                  <tr key={member.id}>
                    {isStatic ? (
                      <td className={grid.select}>
                        <Checkbox
                          label={<span className={grid.srOnly}>Select {name}</span>}
                          checked={selected.has(member.id)}
                          onChange={() => toggle(member.id)}
                        />
                      </td>
                    ) : null}
                    <th scope="row" className={grid.name}>
                      <a href={`/dashboard/contacts/${encodeURIComponent(member.id)}`}>{name}</a>
                    </th>
                    <td data-label="Email" className={grid.truncate}>
                      {member.primaryEmail ?? ''}
                    </td>
                    <td data-label="Location">{[member.city, member.state].filter(Boolean).join(', ')}</td>
                    <td data-label="Total Donated" className={grid.number}>
                      {formatWholeUsd(member.totalDonated)}
                    </td>
                    <td data-label="Added" className={grid.nowrap}>
                      {sourceLabel(member.source)}
                      {member.addedAt ? <span className={grid.muted}> · {formatInstantDate(member.addedAt)}</span> : null}
                    </td>
                    {!isStatic ? (
                      <td className={grid.why}>
                        <Button variant="ghost" size="sm" onClick={() => setWhyFor(member.id)} aria-label={`Why is ${name} on this list?`}>
                          Why?
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className={styles.footer}>
        <Pagination
          page={page}
          pageCount={Math.ceil(total / MEMBERS_PAGE_SIZE)}
          total={total}
          itemLabel="members"
          label="Member pages"
          onPageChange={setPage}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        title="Remove members"
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={handleRemove}
        onClose={() => setConfirming(false)}
      >
        <p>{`Remove ${selected.size.toLocaleString('en-US')} contact(s) from this list?`}</p>
      </ConfirmDialog>
      {adding ? <AddContactsModal listId={list.id} onClose={() => setAdding(false)} /> : null}
      {whyFor ? <WhyModal listId={list.id} contactId={whyFor} onClose={() => setWhyFor(null)} /> : null}
    </Card>
  );
}
