// The deployable frontends, in the order of the ADR 0001 table.
const REMOTES = ['mfe-marketing', 'mfe-contacts', 'mfe-lists', 'mfe-campaigns', 'mfe-events', 'mfe-data', 'mfe-communication', 'mfe-calls', 'mfe-financials'];
const FRONTENDS = ['shell', ...REMOTES];

module.exports = { REMOTES, FRONTENDS };
