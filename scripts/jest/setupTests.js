require('@testing-library/jest-dom');
// jsdom lacks these; components use them for layout and media queries.
if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false, media: query, onchange: null,
    addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent() { return false; },
  });
}
if (!global.ResizeObserver) {
  global.ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
}
// jsdom's scrollTo only logs "not implemented"; pages scroll to top on navigation.
window.scrollTo = () => {};
