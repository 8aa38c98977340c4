// Manual mock of the federation boundary (jest.mock('../federation/remotes')): the only module
// unit tests replace. Sections render a recognisable stand-in.
import { createElement, type ComponentType } from 'react';
import type { RemoteName, WidgetName } from '../remotes';

export const REMOTE_NAMES = [
  'mfe_marketing',
  'mfe_contacts',
  'mfe_lists',
  'mfe_campaigns',
  'mfe_events',
  'mfe_data',
  'mfe_communication',
  'mfe_calls',
  'mfe_financials',
];
export const REMOTES_CONFIG_URL = '/remotes.json';

export function standInSection(remote: string): ComponentType {
  const StandIn = () => createElement('div', { 'data-testid': `section-${remote}` }, `${remote} section`);
  return StandIn;
}

export const ensureRemotesRegistered = jest.fn(async () => ({}));
export const fetchRemotesConfig = jest.fn(async () => ({}));
export const registerRemotesConfig = jest.fn();
export const resetRemotesRegistration = jest.fn();
export const loadSection = jest.fn(async (remote: RemoteName) => ({ default: standInSection(remote) }));

export function standInWidget(remote: string, widget: string): ComponentType<object> {
  const StandIn = () => createElement('div', { 'data-testid': `widget-${remote}-${widget}` }, `${remote} ${widget}`);
  return StandIn;
}

export const loadWidget = jest.fn(async (remote: RemoteName, widget: WidgetName) => ({
  default: standInWidget(remote, widget),
}));
