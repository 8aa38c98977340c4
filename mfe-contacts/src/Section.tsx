import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Skeleton } from '@caucus/design-system';
import { ContactsPage } from './contacts/components/ContactsPage';
import styles from './Section.module.css';

// The list opens the section; the form and the detail (with its forms, zod and the contract's
// schemas) load when first opened, so the section's first page stays small (ADR 0008).
const ContactFormPage = lazy(async () => ({ default: (await import('./contacts/components/ContactForm/ContactFormPage')).ContactFormPage }));
const DuplicatesPage = lazy(async () => ({ default: (await import('./duplicates/components/DuplicatesPage')).DuplicatesPage }));
const ContactDetail = lazy(async () => ({ default: (await import('./contacts/components/ContactDetail')).ContactDetail }));

/**
 * The contacts section as the shell mounts it at /dashboard/contacts/*. It relies on the
 * shell's router and providers (jotai store, QueryClient, toasts) and creates none itself.
 */
export function Section() {
  return (
    <div className={styles.root}>
      <Suspense fallback={<Skeleton lines={6} />}>
        <Routes>
          <Route index element={<ContactsPage />} />
          <Route path="new" element={<ContactFormPage />} />
          <Route path="duplicates" element={<DuplicatesPage />} />
          <Route path=":id" element={<ContactDetail />} />
          <Route path=":id/edit" element={<ContactFormPage />} />
        </Routes>
      </Suspense>
    </div>
  );
}

export default Section;
