import { useState } from 'react';
import { Button, Card, VisuallyHidden, buttonClassName } from '@caucus/design-system';
import { toast } from '@caucus/platform';
import { REPORT_CARDS, type ReportKind } from '@caucus/contract';
import { fetchReport, reportCsvUrl, type ReportFilter } from '../../../analytics/api/analyticsApi';
import { ReportFilters } from '../../../analytics/components/ReportFilters';
import { defaultReportFilter } from '../../../analytics/utils/format';
import { reportFileName, reportWorkbookBytes, saveFile, XLSX_MIME } from '../../utils/reportWorkbook';
import styles from './ReportsPanel.module.css';

export type ReportsPanelProps = { initialFilter?: ReportFilter };

/**
 * The Reports tab: each of the four cards downloads its report for the chosen range and campaign.
 * CSV is written by the server (any size, streamed as a file); XLSX is built here from the same rows.
 */
export function ReportsPanel({ initialFilter }: ReportsPanelProps) {
  const [filter, setFilter] = useState<ReportFilter>(() => initialFilter ?? defaultReportFilter());
  const [building, setBuilding] = useState<ReportKind | null>(null);
  const rangeIsBackwards = Boolean(filter.from && filter.to && filter.from > filter.to);

  async function handleXlsx(kind: ReportKind, title: string) {
    setBuilding(kind);
    try {
      const [table, xlsx] = await Promise.all([fetchReport(kind, filter), import('xlsx')]);
      saveFile(reportWorkbookBytes(xlsx, table), reportFileName(title, filter.from, filter.to, 'xlsx'), XLSX_MIME);
    } catch (error) {
      toast.error('Report download failed', error instanceof Error ? error.message : 'The report could not be built. Please try again.');
    } finally {
      setBuilding(null);
    }
  }

  return (
    <div className={styles.stack}>
      <ReportFilters value={filter} onChange={setFilter} />
      {rangeIsBackwards ? (
        <p className={styles.warning} role="alert">
          The start date is after the end date.
        </p>
      ) : null}
      <div className={styles.grid}>
        {REPORT_CARDS.map((report) => {
          // Which report a button downloads, for screen readers: the visible text stays at the
          // start of the name, so speech users can say what they see.
          const which = <VisuallyHidden> of {report.title}</VisuallyHidden>;
          return (
            <Card
              key={report.kind}
              title={report.title}
              headingLevel={3}
              footer={
                <div className={styles.actions}>
                  {rangeIsBackwards ? (
                    <Button variant="secondary" size="sm" disabled>
                      Download CSV{which}
                    </Button>
                  ) : (
                    <a
                      className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                      href={reportCsvUrl(report.kind, filter)}
                      download={reportFileName(report.title, filter.from, filter.to, 'csv')}
                    >
                      Download CSV{which}
                    </a>
                  )}
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={rangeIsBackwards || building !== null}
                    onClick={() => void handleXlsx(report.kind, report.title)}
                  >
                    {building === report.kind ? 'Preparing…' : 'Download XLSX'}
                    {which}
                  </Button>
                </div>
              }
            >
              <p className={styles.description}>{report.description}</p>
            </Card>
          );
        })}
      </div>
    </div>
  );
}
