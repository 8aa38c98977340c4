import { lazy, Suspense, useState, type ReactNode } from 'react';
import { PageHeader, Skeleton, Tabs } from '@caucus/design-system';
import { useCan } from '@caucus/platform';
import { ImportPanel } from './ImportPanel';
import styles from './DataPage.module.css';

// The import tab opens the section; the other tabs load when first chosen, so the section's first
// page does not carry their code (ADR 0008).
const ImportHistory = lazy(async () => ({ default: (await import('./ImportHistory')).ImportHistory }));
const AnalyticsPanel = lazy(async () => ({ default: (await import('../../analytics/components/AnalyticsPanel')).AnalyticsPanel }));
const ReportsPanel = lazy(async () => ({ default: (await import('../../reports/components/ReportsPanel')).ReportsPanel }));
const CompliancePanel = lazy(async () => ({ default: (await import('../../compliance/components/CompliancePanel')).CompliancePanel }));

function OnDemand({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton lines={6} />}>{children}</Suspense>;
}

export const DATA_SUBTITLE = 'Import supporters and gifts from files, follow each import, and review your data.';

type DataTab = 'import' | 'history' | 'analytics' | 'reports' | 'compliance';

export function DataPage() {
  // Each tab shows only to a role its API allows (contract/permissions.ts): importing needs
  // imports.write, analytics and reports reports.read, compliance compliance.read.
  const canImport = useCan('imports.write');
  const canReport = useCan('reports.read');
  const canCompliance = useCan('compliance.read');
  const [chosen, setTab] = useState<DataTab>(canImport ? 'import' : 'history');
  const tab = chosen === 'import' && !canImport ? 'history' : chosen;
  return (
    <section className={styles.page}>
      <PageHeader title="Data" subtitle={DATA_SUBTITLE} />
      <Tabs
        label="Data sections"
        value={tab}
        onChange={(id) => setTab(id as DataTab)}
        items={[
          ...(canImport ? [{ id: 'import', label: 'Data Import', content: <ImportPanel /> }] : []),
          {
            id: 'history',
            label: 'Import History',
            content: (
              <OnDemand>
                <ImportHistory />
              </OnDemand>
            ),
          },
          ...(canReport
            ? [
                {
                  id: 'analytics',
                  label: 'Analytics',
                  content: (
                    <OnDemand>
                      <AnalyticsPanel />
                    </OnDemand>
                  ),
                },
                {
                  id: 'reports',
                  label: 'Reports',
                  content: (
                    <OnDemand>
                      <ReportsPanel />
                    </OnDemand>
                  ),
                },
              ]
            : []),
          ...(canCompliance
            ? [
                {
                  id: 'compliance',
                  label: 'Compliance',
                  content: (
                    <OnDemand>
                      <CompliancePanel />
                    </OnDemand>
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}
