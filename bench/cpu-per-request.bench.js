// CPU per request of the main routes, the unit of the capacity model (docs/adr/0013-capacity-and-
// scale-out.md): the API process's CPU seconds (process.cpuUsage over IPC) and the local database
// server's (/proc), divided by the requests served, at a modest concurrency (8 clients) so queueing
// does not inflate them. Reads on the large account; writes are contact saves with nested lists and
// gifts to one of its campaigns. Needs DATABASE_URL=mysql://... (see support/mariadb.js).
const { table } = require('./support');
const { mysqlUrlOrSkip } = require('./support/mariadb');
const { databaseCpuReader } = require('./support/cpu');
const { startApiProcess } = require('./support/processes');

const CLIENTS = 8;
const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS || 800);

function contactBody(i) {
  return {
    firstName: `Capacity${i}`,
    lastName: 'Model',
    phoneNumbers: [{ phoneNumber: `555-0199-${i}`, phoneType: 'mobile', isPrimary: true }],
    emailAddresses: [{ emailAddress: `capacity${i}-${Date.now()}@example.org`, emailType: 'personal', isPrimary: true }],
    addresses: [{ addressType: 'home', streetAddress1: '1 Main St', city: 'Springfield', stateProvince: 'IL', postalCode: '62701', country: 'US' }],
  };
}

/** `count` requests from CLIENTS concurrent clients; `make(i)` answers [method, path, body?]. */
async function drive(api, count, make) {
  let next = 0;
  let failures = 0;
  const results = [];
  const client = async () => {
    while (next < count) {
      const i = next++;
      const [method, path, body] = make(i);
      const res = await fetch(`${api.baseURL}${path}`, {
        method,
        headers: { ...api.headers, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await res.json().catch(() => ({}));
      if (res.status >= 300) failures += 1;
      results[i] = json.data;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return { failures, results };
}

module.exports = {
  title: `CPU per request of the main routes (MariaDB, large seed, ${CLIENTS} clients, ${REQUESTS} requests each)`,
  async run() {
    if (!mysqlUrlOrSkip()) return;
    const api = await startApiProcess();
    let gifts = 0;
    const databaseCpu = databaseCpuReader();
    const rows = [];
    const measure = async (name, count, make) => {
      await drive(api, Math.min(50, count), make);
      const [apiBefore, dbBefore, started] = [await api.cpuSeconds(), databaseCpu?.(), Date.now()];
      const { failures, results } = await drive(api, count, make);
      const [apiAfter, dbAfter, seconds] = [await api.cpuSeconds(), databaseCpu?.(), (Date.now() - started) / 1000];
      rows.push({
        request: name,
        requests: count,
        failures,
        'req/s': Math.round(count / seconds),
        'API CPU / request': `${Math.round(((apiAfter - apiBefore) * 1e6) / count)} µs`,
        'database CPU / request': databaseCpu ? `${Math.round(((dbAfter - dbBefore) * 1e6) / count)} µs` : 'not on this machine',
      });
      return results;
    };
    try {
      await measure('GET /api/contacts?limit=20', REQUESTS, () => ['GET', '/api/contacts?limit=20']);
      await measure('GET /api/dashboard/overview', REQUESTS, () => ['GET', '/api/dashboard/overview']);
      await measure('GET /api/search?q=smith (top bar)', REQUESTS / 4, () => ['GET', '/api/search?q=smith']);
      const created = await measure('POST /api/contacts (nested lists)', REQUESTS / 4, (i) => ['POST', '/api/contacts', contactBody(i)]);
      const ids = created.filter(Boolean).map((data) => data.contact.id);
      await measure('PUT /api/contacts/:id (lists rewritten)', REQUESTS / 4, (i) => ['PUT', `/api/contacts/${ids[i % ids.length]}`, contactBody(i + 100000)]);
      await measure('POST /api/contacts/:id/donations', REQUESTS / 4, (i) => [
        'POST',
        `/api/contacts/${ids[i % ids.length]}/donations`,
        // A different amount each time: the warm-up gives to the same contacts, and a second gift of the
        // same amount on the same day is a possible duplicate (409), not a recorded gift.
        { donationAmount: 25 + (gifts++ % 5000) / 100, donationDate: '2026-03-01', paymentMethod: 'credit_card', campaignId: api.activeCampaignId },
      ]);
    } finally {
      await api.stop();
    }
    table(rows);
  },
};

if (require.main === module) {
  module.exports.run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
