import { DEFAULT_WORKSPACE_PREFERENCES, type WorkspaceDateFormat } from '@caucus/platform';

/**
 * The calendar's date texts, US English, on the calendar's floating dates (their UTC fields are the
 * workspace's wall clock, see calendarDates.ts), in the order of the workspace's date format.
 */
export type DateFormatName = 'day' | 'time' | 'hour' | 'monthHeader' | 'dayHeader' | 'shortDate' | 'shortDateYear';

const names = {
  weekdayShort: new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }),
  weekdayLong: new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }),
  monthShort: new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }),
  monthLong: new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }),
  time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
  hour: new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: 'UTC' }),
};

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * 'Mon, 11/16' (day), '6:30 PM' (time), '6 PM' (hour), 'November 2026' (monthHeader), 'Monday,
 * November 16, 2026' (dayHeader), 'Nov 16' (shortDate), 'Nov 16, 2026' (shortDateYear) with month
 * first; day first reads 'Mon, 16/11', 'Monday, 16 November 2026', '16 Nov', '16 Nov 2026'; ISO reads
 * 'Mon, 11-16', 'Monday, 2026-11-16', '11-16', '2026-11-16'.
 */
export function formatNamed(value: Date, name: DateFormatName, dateFormat: WorkspaceDateFormat = DEFAULT_WORKSPACE_PREFERENCES.dateFormat): string {
  const year = value.getUTCFullYear();
  const month = value.getUTCMonth() + 1;
  const day = value.getUTCDate();
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  switch (name) {
    case 'time':
      return names.time.format(value);
    case 'hour':
      return names.hour.format(value);
    case 'monthHeader':
      return `${names.monthLong.format(value)} ${year}`;
    case 'day': {
      const weekday = names.weekdayShort.format(value);
      if (dateFormat === 'DD/MM/YYYY') return `${weekday}, ${day}/${month}`;
      if (dateFormat === 'YYYY-MM-DD') return `${weekday}, ${pad(month)}-${pad(day)}`;
      return `${weekday}, ${month}/${day}`;
    }
    case 'dayHeader': {
      const weekday = names.weekdayLong.format(value);
      if (dateFormat === 'DD/MM/YYYY') return `${weekday}, ${day} ${names.monthLong.format(value)} ${year}`;
      if (dateFormat === 'YYYY-MM-DD') return `${weekday}, ${iso}`;
      return `${weekday}, ${names.monthLong.format(value)} ${day}, ${year}`;
    }
    case 'shortDate':
      if (dateFormat === 'DD/MM/YYYY') return `${day} ${names.monthShort.format(value)}`;
      if (dateFormat === 'YYYY-MM-DD') return `${pad(month)}-${pad(day)}`;
      return `${names.monthShort.format(value)} ${day}`;
    case 'shortDateYear':
      if (dateFormat === 'DD/MM/YYYY') return `${day} ${names.monthShort.format(value)} ${year}`;
      if (dateFormat === 'YYYY-MM-DD') return iso;
      return `${names.monthShort.format(value)} ${day}, ${year}`;
  }
}
