// Test-only: mounts one tab of the campaign form inside the form the page makes (useCampaignForm,
// the contract's rules), as the page does, with a Save button that submits it.
import type { ReactNode } from 'react';
import { Form } from '@caucus/design-system/form';
import { renderAt } from '@caucus/platform/testing';
import { useCampaignForm } from '../../hooks/useCampaignForm';
import { defaultCampaignValues, type CampaignFormValues } from '../../utils/campaignRules';

type HarnessProps = { values: Partial<CampaignFormValues>; onSubmit: (values: CampaignFormValues) => void; children: ReactNode };

function Harness({ values, onSubmit, children }: HarnessProps) {
  const form = useCampaignForm({ ...defaultCampaignValues(), ...values });
  return (
    <Form form={form} onSubmit={(valid) => onSubmit(valid)}>
      {children}
      <button type="submit">Save</button>
    </Form>
  );
}

/** A campaign the contract accepts as it stands (the defaults lack only a name and a slug). */
export const VALID_CAMPAIGN: Partial<CampaignFormValues> = { name: 'Spring Drive', slug: 'spring-drive' };

/** Renders `tab` in a campaign form starting from `values`; `submitted` receives the values of each valid submit. */
export function renderInCampaignForm(tab: ReactNode, values: Partial<CampaignFormValues> = {}) {
  const submitted = jest.fn<void, [CampaignFormValues]>();
  const view = renderAt(
    '/',
    '/',
    <Harness values={values} onSubmit={submitted}>
      {tab}
    </Harness>,
  );
  const lastSubmitted = (): CampaignFormValues => {
    const calls = submitted.mock.calls;
    if (calls.length === 0) throw new Error('The form was not submitted');
    return calls[calls.length - 1][0];
  };
  return { ...view, submitted, lastSubmitted };
}
