require('./support/mariadb');
const { startApiProcess } = require('./support/processes');
const { timeGet } = require('./support/mariadb');
(async () => {
  const api = await startApiProcess();
  for (const t of ['Will','Betty Martin','Group','555-0124']) console.log(t, (await timeGet(api, `/api/contacts?limit=20&search=${encodeURIComponent(t)}`)).ms);
  await api.stop();
})();
