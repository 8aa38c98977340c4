// jsdom lacks the Fetch API classes and TextEncoder that React Router 7 uses (every data-router
// navigation builds a Request). Node has them; hand the test window Node's versions, and Node's
// AbortController too, because Node's Request only accepts its own AbortSignal.
const { TestEnvironment } = require('jest-environment-jsdom');

// A test file can put its "browser" in a time zone with the docblock
//   @jest-environment-options {"timezone": "Asia/Tokyo"}
// (jest hands each file a copy of process.env, so assigning TZ in the file does not reach the clock).
// Node reads TZ again whenever the real process.env.TZ changes; teardown puts the worker's back.
class BrowserTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const timezone = config.projectConfig.testEnvironmentOptions?.timezone;
    if (timezone) {
      this.timezoneSet = true;
      this.previousTimezone = process.env.TZ;
      process.env.TZ = timezone;
    }
    const missing = { TextEncoder, TextDecoder, Request, Response, Headers, ReadableStream, structuredClone };
    for (const [name, value] of Object.entries(missing)) {
      if (this.global[name] === undefined) this.global[name] = value;
    }
    this.global.AbortController = AbortController;
    this.global.AbortSignal = AbortSignal;
  }

  async teardown() {
    if (this.timezoneSet) {
      if (this.previousTimezone === undefined) delete process.env.TZ;
      else process.env.TZ = this.previousTimezone;
    }
    await super.teardown();
  }
}

module.exports = BrowserTestEnvironment;
