// The refusals of the FEC reports service, shared with its routes' tests.

export const COMMITTEE_NOT_FOUND = 'Committee not found';
export const REPORT_NOT_FOUND = 'Report not found';
export const DONATION_ACCOUNT_NOT_FOUND = 'Donation account not found';
export const DONATION_NOT_FOUND = 'Donation not found';
export const NO_FEC_ID = "Set the committee's FEC ID and filing form (F3 or F3X) before creating a report";
export const MONTHLY_ONLY_F3X = 'Monthly report codes (M2-M12) are for F3X filers that file monthly';
export const notCommitteeElection = (code: string) => `Election ${code} is not an election of the committee`;
export const wrongElectionType = (code: string, reportCode: string) =>
  `Election ${code} does not take a ${reportCode} report (12P: primary, runoff, special or convention; 12G and 30G: general)`;
export const PERIOD_COVERED = 'That period is already covered by an earlier report of the committee';
export const DUPLICATE_REPORT = 'The committee already has that report: amend it instead';
export const COVERAGE_FROM_AFTER_END = 'Coverage from must be on or before the end of the period';
export const NOT_FILED = 'Only a filed report can be amended';
export const FILED_IS_FINAL = 'A filed report cannot be changed: amend it';
export const SUPERSEDED = 'An amendment replaces this report: work on the latest amendment';
export const UNKNOWN_LINE = 'Unknown line of this form';
