import { useState } from 'react';
import { PageHeader, Tabs } from '@caucus/design-system';
import { AnalyticsPanel } from './AnalyticsPanel';
import { ImportHistory } from './ImportHistory';
import { ImportPanel } from './ImportPanel';
import { ReportsPanel } from './ReportsPanel';
import styles from './DataPage.module.css';

export const DATA_SUBTITLE = 'Import supporters and gifts from files, follow each import, and review your data.';

type DataTab = 'import' | 'history' | 'analytics' | 'reports';

export function DataPage() {
  const [tab, setTab] = useState<DataTab>('import');
  return (
    <section className={styles.page}>
      <PageHeader title="Data" subtitle={DATA_SUBTITLE} />
      <Tabs
        label="Data sections"
        value={tab}
        onChange={(id) => setTab(id as DataTab)}
        items={[
          { id: 'import', label: 'Data Import', content: <ImportPanel /> },
          { id: 'history', label: 'Import History', content: <ImportHistory /> },
          { id: 'analytics', label: 'Analytics', content: <AnalyticsPanel /> },
          { id: 'reports', label: 'Reports', content: <ReportsPanel /> },
        ]}
      />
    </section>
  );
}
