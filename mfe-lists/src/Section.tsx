import { Route, Routes } from 'react-router-dom';
import { ContactListsPage } from './lists/components/ContactListsPage';
import { ListDetailPage } from './lists/components/ListDetailPage';
import { ListFormPage } from './lists/components/ListFormPage';
import styles from './Section.module.css';

/**
 * The contact lists section as the shell mounts it at /dashboard/lists/*. It relies on the
 * shell's router and providers and creates none itself.
 */
export function Section() {
  return (
    <div className={styles.root}>
      <Routes>
        <Route index element={<ContactListsPage />} />
        <Route path="new" element={<ListFormPage />} />
        <Route path=":id" element={<ListDetailPage />} />
        <Route path=":id/edit" element={<ListFormPage />} />
      </Routes>
    </div>
  );
}

export default Section;
