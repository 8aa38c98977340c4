import { useRoutes } from 'react-router-dom';
import { settingsRoutes } from '../settings/settingsRoutes';

/**
 * /dashboard/settings/*, loaded when a settings page is first opened: the settings forms bring
 * react-hook-form, zod and the contract's schemas, which the rest of the dashboard does not need
 * (ADR 0008). The paths stay those of settingsRoutes, relative to /dashboard/settings.
 */
export function SettingsRoutes() {
  return useRoutes(settingsRoutes.children ?? []);
}
