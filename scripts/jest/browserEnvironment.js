// jsdom lacks the Fetch API classes and TextEncoder that React Router 7 uses (every data-router
// navigation builds a Request). Node has them; hand the test window Node's versions, and Node's
// AbortController too, because Node's Request only accepts its own AbortSignal.
const { TestEnvironment } = require('jest-environment-jsdom');

class BrowserTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const missing = { TextEncoder, TextDecoder, Request, Response, Headers, ReadableStream, structuredClone };
    for (const [name, value] of Object.entries(missing)) {
      if (this.global[name] === undefined) this.global[name] = value;
    }
    this.global.AbortController = AbortController;
    this.global.AbortSignal = AbortSignal;
  }
}

module.exports = BrowserTestEnvironment;
