// The workspace's calendar day. A date without a time is a day on the workspace's calendar, not on
// the machine running the journey: between midnight UTC and midnight in New York the two differ,
// and a journey that typed the machine's day would look for its entry on the wrong day.
async function workspaceTimezone(page) {
  const response = await page.request.get('/api/settings/account');
  return (await response.json()).data.timezone;
}

/** YYYY-MM-DD today in `timeZone`, `offsetDays` later (negative: earlier). */
function dayIn(timeZone, offsetDays = 0) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
}

/** Today on the signed-in workspace's calendar. */
async function workspaceToday(page, offsetDays = 0) {
  return dayIn(await workspaceTimezone(page), offsetDays);
}

module.exports = { dayIn, workspaceToday };
