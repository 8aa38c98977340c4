import { Link } from 'react-router-dom';
import { Badge, Button, buttonClassName } from '@caucus/design-system';
import { useCan, formatInstantDate } from '@caucus/platform';
import type { ContactList } from '../api/listsApi';
import { editListPath, listPath } from '../paths';
import { typeLabel } from '../utils/format';
import grid from './DataGrid.module.css';
import styles from './ContactListsTable.module.css';

export type ContactListsTableProps = { lists: ContactList[]; onDelete: (list: ContactList) => void };

/** Table view (docs/product/screens.md, Contact lists): Name, Type, Contacts, Description, Created, Actions (Edit, Delete). */
export function ContactListsTable({ lists, onDelete }: ContactListsTableProps) {
  const canWrite = useCan('lists.write');
  return (
    <div className={grid.scroller}>
      <table className={grid.table}>
        <caption className={grid.srOnly}>Contact lists</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col" className={grid.number}>
              Contacts
            </th>
            <th scope="col">Description</th>
            <th scope="col">Created</th>
            <th scope="col" className={styles.actions}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {lists.map((list) => (
            <tr key={list.id}>
              <th scope="row" className={grid.name}>
                <Link to={listPath(list.id)}>{list.name}</Link>
              </th>
              <td>
                <Badge tone={list.type === 'smart' ? 'info' : 'neutral'} size="sm">
                  {typeLabel(list.type)}
                </Badge>
              </td>
              <td className={grid.number}>{list.memberCount.toLocaleString('en-US')}</td>
              <td className={styles.description}>{list.description ?? ''}</td>
              <td className={grid.nowrap}>{formatInstantDate(list.createdAt)}</td>
              <td className={styles.actions}>
                {canWrite ? (
                  <>
                    <Link className={buttonClassName({ variant: 'ghost', size: 'sm' })} to={editListPath(list.id)} aria-label={`Edit ${list.name}`}>
                      Edit
                    </Link>
                    <Button variant="ghost" size="sm" onClick={() => onDelete(list)} aria-label={`Delete ${list.name}`}>
                      Delete
                    </Button>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
