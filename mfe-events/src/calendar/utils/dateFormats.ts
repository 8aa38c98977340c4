/** The calendar's date texts, rendered with Intl in US English: no date library is needed. */
const NAMED = {
  day: { weekday: 'short', month: 'numeric', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  hour: { hour: 'numeric' },
  monthHeader: { month: 'long', year: 'numeric' },
  dayHeader: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  shortDate: { month: 'short', day: 'numeric' },
  shortDateYear: { month: 'short', day: 'numeric', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateFormatName = keyof typeof NAMED;

const formatters = new Map<DateFormatName, Intl.DateTimeFormat>();

/** 'Mon, 11/16' (day), '6:30 PM' (time), '6 PM' (hour), 'November 2026' (monthHeader), 'Monday, November 16, 2026' (dayHeader), 'Nov 16' (shortDate), 'Nov 16, 2026' (shortDateYear). */
export function formatNamed(value: Date, name: DateFormatName): string {
  let formatter = formatters.get(name);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', NAMED[name]);
    formatters.set(name, formatter);
  }
  return formatter.format(value);
}
