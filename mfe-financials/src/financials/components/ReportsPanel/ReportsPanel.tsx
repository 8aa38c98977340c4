import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { Badge, Button, EmptyState, ErrorState, Skeleton } from '@caucus/design-system';
import { Form, FormSelect, FormTextField } from '@caucus/design-system/form';
import { ApiError, toast, useCan, useMutation, useQuery, useQueryClient } from '@caucus/platform';
import { fecReportInputSchema, REPORT_CODE_VALUES, withNumbersFromText } from '@caucus/contract';
import { createReport, fetchReports, financialsKeys } from '../../api/financialsApi';
import styles from '../Financials.module.css';

export type ReportFormValues = {
  committeeId: string;
  reportCode: string;
  year: string;
  electionCode: string;
  electionState: string;
  openingCash: string;
  coverageFrom: string;
};

const reportFormSchema = withNumbersFromText<ReportFormValues, typeof fecReportInputSchema>(fecReportInputSchema, ['year', 'openingCash']);

const CODE_LABELS: Record<string, string> = {
  Q1: 'Q1 April quarterly',
  Q2: 'Q2 July quarterly',
  Q3: 'Q3 October quarterly',
  YE: 'YE Year-end',
  '12P': '12P Pre-primary',
  '12G': '12G Pre-general',
  '30G': '30G Post-general',
};

export type ReportsPanelProps = { committeeId: string; filingForm: string | null };

/** The committee's FEC reports with their coverage and due dates, and a form for the next one. */
export function ReportsPanel({ committeeId, filingForm }: ReportsPanelProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reports = useQuery({ queryKey: financialsKeys.reports(committeeId), queryFn: ({ signal }) => fetchReports(committeeId, signal) });
  const form = useForm<ReportFormValues>({
    resolver: zodResolver(reportFormSchema, undefined, { raw: true }),
    defaultValues: {
      committeeId,
      reportCode: 'Q1',
      year: String(new Date().getFullYear()),
      electionCode: '',
      electionState: '',
      openingCash: '',
      coverageFrom: '',
    },
    reValidateMode: 'onSubmit',
  });
  const [serverError, setServerError] = useState<string | null>(null);
  // Creating a report needs compliance.write (contract/permissions.ts); other roles read them.
  const canWrite = useCan('compliance.write');
  const create = useMutation({
    mutationFn: (values: ReportFormValues) =>
      createReport({ ...values, year: Number(values.year), openingCash: values.openingCash === '' ? null : Number(values.openingCash) }),
    onSuccess: async (report) => {
      toast.success('Report created', `${report.reportCode} ${report.coverageFrom} to ${report.coverageThrough}`);
      await queryClient.invalidateQueries({ queryKey: financialsKeys.reports(committeeId) });
      void navigate(`reports/${report.id}`);
    },
    onError: (error) => {
      setServerError(error.message);
      if (error instanceof ApiError && error.details && typeof error.details === 'object') {
        for (const [field, message] of Object.entries(error.details as Record<string, string>))
          form.setError(field as FieldPath<ReportFormValues>, { message });
      }
    },
  });
  const codes = REPORT_CODE_VALUES.filter((code) => filingForm === 'F3X' || !code.startsWith('M'));
  const first = reports.data !== undefined && reports.data.length === 0;
  return (
    <section className={styles.stack} aria-labelledby="reports-heading">
      <h2 id="reports-heading">FEC reports</h2>
      {!filingForm ? (
        <p className={styles.hint}>Set this committee's FEC ID and filing form (F3 or F3X) on the Campaigns section's committees page to create reports.</p>
      ) : null}
      {reports.isError ? (
        <ErrorState title="Failed to load the reports" error={reports.error} onRetry={() => void reports.refetch()} retrying={reports.isFetching} />
      ) : !reports.data ? (
        <Skeleton lines={3} />
      ) : reports.data.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="No reports yet"
          message="Create the committee's first report below; its coverage starts on the day you give, later ones the day after the last."
        />
      ) : (
        <div className={styles.tableWrap} role="region" aria-label="Reports table" tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Report</th>
                <th scope="col">Coverage</th>
                <th scope="col">Due</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {reports.data.map((report) => (
                <tr key={report.id}>
                  <td>
                    <Link to={`reports/${report.id}`}>
                      {report.formType} {report.reportCode} {report.coverageThrough.slice(0, 4)}
                      {report.amendmentNumber > 0 ? ` (amendment ${report.amendmentNumber})` : ''}
                    </Link>
                  </td>
                  <td>
                    {report.coverageFrom} to {report.coverageThrough}
                  </td>
                  <td>{report.dueDate}</td>
                  <td>
                    {report.supersededById ? (
                      <Badge tone="neutral">Amended</Badge>
                    ) : report.status === 'filed' ? (
                      <Badge tone="success">Filed {report.filedAt}</Badge>
                    ) : (
                      <Badge tone="warning">Draft</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {filingForm && canWrite ? (
        <Form
          form={form}
          onSubmit={(values) => {
            setServerError(null);
            create.mutate(values);
          }}
          aria-label="New report"
        >
          <div className={styles.stack}>
            <h3>New report</h3>
            <div className={styles.grid}>
              <FormSelect<ReportFormValues>
                label="Report code"
                name="reportCode"
                options={codes.map((code) => ({ value: code, label: CODE_LABELS[code] ?? `${code} Monthly` }))}
              />
              <FormTextField<ReportFormValues> label="Year" name="year" inputMode="numeric" />
              <FormTextField<ReportFormValues> label="Election" name="electionCode" placeholder="G2026" hint="For 12P, 12G and 30G" />
              <FormTextField<ReportFormValues> label="State of election" name="electionState" placeholder="VA" />
              {first ? (
                <>
                  <FormTextField<ReportFormValues> label="Coverage from" name="coverageFrom" type="date" hint="First report only" />
                  <FormTextField<ReportFormValues>
                    label="Opening cash on hand"
                    name="openingCash"
                    inputMode="decimal"
                    hint="Cash on hand the day coverage starts"
                  />
                </>
              ) : null}
            </div>
            {serverError ? (
              <p className={styles.error} role="alert">
                {serverError}
              </p>
            ) : null}
            <div className={styles.footer}>
              <Button type="submit" loading={create.isPending}>
                Create report
              </Button>
            </div>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
