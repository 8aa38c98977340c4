const test = require('node:test');
const assert = require('node:assert/strict');
const { API_NODE_FLAGS } = require('./apiRuntime');
const apiPackage = require('../../api/package.json');

test("the API package's start script runs the API with the production node flags", () => {
  assert.equal(apiPackage.scripts.start, `node ${API_NODE_FLAGS.join(' ')} dist/server.js`);
});
