/**
 * Full-page navigation to the payment provider. One object so tests can spy on it:
 * jsdom's `window.location.assign` is read-only and cannot be spied on directly.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
