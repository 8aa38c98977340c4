import { Route, Routes } from 'react-router-dom';
import { DataPage } from './imports/components/DataPage';
import styles from './Section.module.css';

/**
 * The data section as the shell mounts it at /dashboard/data/*. It relies on the shell's
 * router and providers and creates none itself.
 */
export function Section() {
  return (
    <div className={styles.root}>
      <Routes>
        <Route path="*" element={<DataPage />} />
      </Routes>
    </div>
  );
}

export default Section;
