// A child process that keeps `connections` requests in flight (one per connection) against the given
// URLs, in turn, until told to stop; then it sends what it did. The "second client" of the benchmarks.
const autocannon = require('autocannon');

process.once('message', ({ baseURL, paths, headers, connections }) => {
  const instance = autocannon({
    url: baseURL,
    connections,
    pipelining: 1,
    duration: 3600,
    headers,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  instance.on('done', (result) => {
    process.send({ requests: result.requests.total, non2xx: result.non2xx, errors: result.errors });
    process.exit(0);
  });
  process.on('message', (message) => {
    if (message === 'stop') instance.stop();
  });
  process.send('started');
});
