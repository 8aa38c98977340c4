require('./support/mariadb');
const { startApiProcess, startBackgroundLoad } = require('./support/processes');
(async () => {
  const api = await startApiProcess({ cpuProfDir: '/tmp/prof' });
  const load = await startBackgroundLoad(api, ['/api/contacts?limit=20'], 50);
  await new Promise((r) => setTimeout(r, 12000));
  console.log(await load.stop());
  await api.stop();
})();
