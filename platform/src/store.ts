import { createStore } from 'jotai';

/**
 * The one jotai store of the page. The shell passes it to `<Provider store={caucusStore}>`;
 * code outside React (toast(), the api client's 401 handling) writes to it directly, so
 * both sides always see the same atoms.
 */
export const caucusStore = createStore();
