import type { ReportCode } from '@caucus/contract';
import { addDays } from '../../lib/calendarDays';

// Coverage ends and due dates of the FEC's report codes (Form 3 / 3X instructions, "When to file"):
// quarterly reports close at each quarter's end and are due on the 15th day after; the year-end report
// closes December 31 and is due January 31; a monthly filer's M2..M12 cover the month before and are
// due on the 20th; the pre-election report (12P/12G) closes 20 days before the election and is due 12
// days before it; the post-general report (30G) closes 20 days after and is due 30 days after.

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

export type Period = { through: string; due: string };

export function periodOf(code: ReportCode, year: number, electionDate: string | null): Period {
  switch (code) {
    case 'Q1':
      return { through: `${year}-03-31`, due: `${year}-04-15` };
    case 'Q2':
      return { through: `${year}-06-30`, due: `${year}-07-15` };
    case 'Q3':
      return { through: `${year}-09-30`, due: `${year}-10-15` };
    case 'YE':
      return { through: `${year}-12-31`, due: `${year + 1}-01-31` };
    case '12P':
    case '12G':
      return { through: addDays(electionDate as string, -20), due: addDays(electionDate as string, -12) };
    case '30G':
      return { through: addDays(electionDate as string, 20), due: addDays(electionDate as string, 30) };
    default: {
      const month = Number(code.slice(1));
      return { through: lastDayOfMonth(year, month - 1), due: `${year}-${pad(month)}-20` };
    }
  }
}

/** The FEC's form type of the cover record: F3N / F3XN for a new report, F3A / F3XA for an amendment. */
export function formTypeOf(form: 'F3' | 'F3X', amendment: boolean): string {
  return `${form}${amendment ? 'A' : 'N'}`;
}
