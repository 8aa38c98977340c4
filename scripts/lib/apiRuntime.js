// How Node runs an API process in production: `npm start` (scripts/start.js), the cluster's instances
// (scripts/cluster/topology.js), `npm start -w @caucus/api` and the throughput benchmarks all start it
// with these flags (docs/adr/0013-capacity-and-scale-out.md, "The capacity model").
//
// --max-semi-space-size: V8's young generation grows up to 64 MB a half instead of Node's 16 MB. Every
// request allocates its rows, objects and JSON; with the small default, garbage collection took about a
// tenth of the API's CPU in the profiles under load. With 64 MB the contacts page used about 12% less CPU
// a request in three pairs of runs side by side (docs/benchmarks.md), for up to about 150 MB more memory
// an instance (the young generation is three halves: 192 MB instead of 48).
const API_NODE_FLAGS = ['--max-semi-space-size=64'];

module.exports = { API_NODE_FLAGS };
