// Calendar dates ('YYYY-MM-DD', no time) and the workspace's own calendar: a call-back "due today",
// a pledge's date, the day a report is signed or a refund is made are days where the account is
// (accounts.timezone), not in UTC (docs/adr/0006-calendar-days.md).

/** 'YYYY-MM-DD' plus whole days, on the calendar (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one calendar date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today where the account is, 'YYYY-MM-DD'. An unknown zone reads as UTC. */
export function todayIn(timeZone: string | null, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * The UTC instant (ms) at which the calendar day `date` starts in `timeZone`: "created before
 * 2026-03-01" means before midnight of that day where the account works (list rules, the audit's
 * date filter). Throws on an unknown zone.
 */
export function dayStartMs(date: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${date}T00:00:00.000Z`);
  // Twice: the offset at the first guess may differ from the offset at midnight itself (a DST turn).
  const guess = midnightUtc - offsetMinutes(timeZone, midnightUtc) * 60_000;
  return midnightUtc - offsetMinutes(timeZone, guess) * 60_000;
}

/** The instant today ends where the account is (its next local midnight). */
export function endOfTodayIn(timeZone: string | null, now: Date): Date {
  const tomorrow = addDays(todayIn(timeZone, now), 1);
  try {
    return new Date(dayStartMs(tomorrow, timeZone || 'UTC'));
  } catch {
    return new Date(Date.parse(`${tomorrow}T00:00:00.000Z`));
  }
}
