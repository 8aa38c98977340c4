import { DateLocalizer, type DateRange, type Formats } from 'react-big-calendar';

/** Named formats, rendered with Intl in US English: no date library is needed. */
const NAMED: Record<string, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric' },
  day: { weekday: 'short', month: 'numeric', day: 'numeric' },
  weekday: { weekday: 'short' },
  time: { hour: 'numeric', minute: '2-digit' },
  monthHeader: { month: 'long', year: 'numeric' },
  dayHeader: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  shortDate: { month: 'short', day: 'numeric' },
  shortDateYear: { month: 'short', day: 'numeric', year: 'numeric' },
  agendaDate: { weekday: 'short', month: 'short', day: 'numeric' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatNamed(value: Date, name: string): string {
  const options = NAMED[name];
  if (!options) return String(value);
  let formatter = formatters.get(name);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', options);
    formatters.set(name, formatter);
  }
  return formatter.format(value);
}

const timeRange = ({ start, end }: DateRange) => `${formatNamed(start, 'time')} – ${formatNamed(end, 'time')}`;

const formats: Formats = {
  dateFormat: 'date',
  dayFormat: 'day',
  weekdayFormat: 'weekday',
  selectRangeFormat: timeRange,
  eventTimeRangeFormat: timeRange,
  eventTimeRangeStartFormat: ({ start }: DateRange) => `${formatNamed(start, 'time')} – `,
  eventTimeRangeEndFormat: ({ end }: DateRange) => ` – ${formatNamed(end, 'time')}`,
  timeGutterFormat: 'time',
  monthHeaderFormat: 'monthHeader',
  dayHeaderFormat: 'dayHeader',
  dayRangeHeaderFormat: ({ start, end }: DateRange) =>
    `${formatNamed(start, 'shortDate')} – ${formatNamed(end, 'shortDateYear')}`,
  agendaHeaderFormat: ({ start, end }: DateRange) =>
    `${formatNamed(start, 'shortDateYear')} – ${formatNamed(end, 'shortDateYear')}`,
  agendaDateFormat: 'agendaDate',
  agendaTimeFormat: 'time',
  agendaTimeRangeFormat: timeRange,
};

/** Spec point 2: weeks run Monday to Sunday (1 = Monday in RBC's firstOfWeek). */
export const calendarLocalizer = new DateLocalizer({
  formats,
  firstOfWeek: () => 1,
  format: (value, name) => formatNamed(new Date(value), name),
});
