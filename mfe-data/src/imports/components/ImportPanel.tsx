import { ImportWizard } from '../wizard/ImportWizard';

/** The Data Import tab: the four-step wizard; started imports are followed in Import History. */
export function ImportPanel() {
  return <ImportWizard />;
}
