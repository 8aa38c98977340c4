require('@testing-library/jest-dom');
// jsdom lacks these; components use them for layout and media queries.
if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent() {
      return false;
    },
  });
}
if (!global.ResizeObserver) {
  global.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// jsdom's scrollTo only logs "not implemented"; pages scroll to top on navigation.
window.scrollTo = () => {};

// Testing Library lets pending work finish after a user-event call with a zero timeout; under jest's
// fake timers that timeout fires at once, before a multi-step promise chain (react-hook-form
// validating a submit) and the render it schedules have run. Wait one real macrotask as well, as a
// browser would before the user's next step.
const { configure, getConfig } = require('@testing-library/react');
const realSetTimeout = global.setTimeout;
const defaultAsyncWrapper = getConfig().asyncWrapper;
configure({
  // findBy/waitFor give up after 5 s, not 1: a lazily loaded page on a busy CI machine (the API
  // suites run beside these tests) can take longer than a second to appear. A passing wait returns as
  // soon as the element is there, so only a failure waits longer.
  asyncUtilTimeout: 5000,
  asyncWrapper: (callback) =>
    defaultAsyncWrapper(async () => {
      const result = await callback();
      await new Promise((resolve) => realSetTimeout(resolve, 0));
      return result;
    }),
});
