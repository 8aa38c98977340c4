import { useState } from 'react';
import { PageHeader, Tabs } from '@caucus/design-system';
import { AnalyticsPanel } from '../../analytics/components/AnalyticsPanel';
import { CompliancePanel } from '../../compliance/components/CompliancePanel';
import { ReportsPanel } from '../../reports/components/ReportsPanel';
import { ImportHistory } from './ImportHistory';
import { ImportPanel } from './ImportPanel';
import styles from './DataPage.module.css';

export const DATA_SUBTITLE = 'Import supporters and gifts from files, follow each import, and review your data.';

type DataTab = 'import' | 'history' | 'analytics' | 'reports' | 'compliance';

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
          { id: 'compliance', label: 'Compliance', content: <CompliancePanel /> },
        ]}
      />
    </section>
  );
}
