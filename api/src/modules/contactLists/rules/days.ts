// Date rules on instants (createdAt, updatedAt) compare whole calendar days in the account's time
// zone: "created before 2026-03-01" means before midnight of that day where the campaign works.

function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wallClock = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wallClock - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant (ms) at which the calendar day `date` (YYYY-MM-DD) starts in `timeZone`. */
export function dayStartMs(date: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - zoneOffsetMs(wall, timeZone);
  const second = zoneOffsetMs(first, timeZone);
  return wall - second;
}

/** The day after `date`, as YYYY-MM-DD. */
export function nextDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}
