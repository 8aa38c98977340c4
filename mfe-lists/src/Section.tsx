import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Skeleton } from '@caucus/design-system';
import { ContactListsPage } from './lists/components/ContactListsPage';
import styles from './Section.module.css';

// The lists page opens the section; the list form (the rule builder, zod, the contract's schemas) and
// a list's detail load when first opened, so the section's first page stays small (ADR 0008).
const ListDetailPage = lazy(async () => ({ default: (await import('./lists/components/ListDetailPage')).ListDetailPage }));
const ListFormPage = lazy(async () => ({ default: (await import('./lists/components/ListFormPage')).ListFormPage }));

/**
 * The contact lists section as the shell mounts it at /dashboard/lists/*. It relies on the
 * shell's router and providers and creates none itself.
 */
export function Section() {
  return (
    <div className={styles.root}>
      <Suspense fallback={<Skeleton lines={6} />}>
        <Routes>
          <Route index element={<ContactListsPage />} />
          <Route path="new" element={<ListFormPage />} />
          <Route path=":id" element={<ListDetailPage />} />
          <Route path=":id/edit" element={<ListFormPage />} />
        </Routes>
      </Suspense>
    </div>
  );
}

export default Section;
