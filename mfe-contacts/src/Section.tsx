import { Route, Routes } from 'react-router-dom';
import { ContactDetail } from './contacts/components/ContactDetail';
import { ContactFormPage } from './contacts/components/ContactFormPage';
import { ContactsPage } from './contacts/components/ContactsPage';
import styles from './Section.module.css';

/**
 * The contacts section as the shell mounts it at /dashboard/contacts/*. It relies on the
 * shell's router and providers (jotai store, QueryClient, toasts) and creates none itself.
 */
export function Section() {
  return (
    <div className={styles.root}>
      <Routes>
        <Route index element={<ContactsPage />} />
        <Route path="new" element={<ContactFormPage />} />
        <Route path=":id" element={<ContactDetail />} />
        <Route path=":id/edit" element={<ContactFormPage />} />
      </Routes>
    </div>
  );
}

export default Section;
