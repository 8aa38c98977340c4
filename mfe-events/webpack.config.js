const { createFederatedConfig } = require('../scripts/webpack/createFederatedConfig');

module.exports = createFederatedConfig({
  appDir: __dirname,
  name: 'mfe_events',
  devPort: 3005,
  exposes: { './Section': './src/Section.tsx', './CalendarWidget': './src/CalendarWidget.tsx' },
  title: 'Caucus — Events (standalone)',
});
