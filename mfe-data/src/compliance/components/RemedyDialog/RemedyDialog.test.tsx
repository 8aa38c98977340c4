import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workspaceCalendarDate } from '@caucus/platform';
import { mockApi, pending, renderAt } from '@caucus/platform/testing';
import { REATTRIBUTE_CONTACT_REQUIRED, type ExcessiveContribution, type RemedyAction } from '@caucus/contract';
import { RemedyDialog } from './RemedyDialog';
import { anExcess } from '../CompliancePanel/complianceFixtures';

const contribution: ExcessiveContribution = anExcess();
const elections = [
  { code: 'P2026', date: '2026-06-02' },
  { code: 'G2026', date: '2026-11-03' },
];

type Reply = { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** Serves the contact search and answers the remedy with `remedy`; returns the bodies posted. */
function serve(remedy: (body: unknown) => Reply = () => ({ body: { data: { remedy: {} } } })) {
  const posts: unknown[] = [];
  mockApi((url, init) => {
    if (url.pathname === '/api/contacts') {
      return {
        body: {
          data: {
            contacts: [
              { id: 'k1', firstName: 'Bob', lastName: 'Baker', organization: null, primaryEmail: null },
              { id: 'k2', firstName: 'Barb', lastName: 'Baker', organization: null, primaryEmail: 'barb@example.org' },
            ],
            total: 2,
          },
        },
      };
    }
    if (url.pathname === '/api/compliance/excessive/d1/remedy' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      return remedy(body);
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  return posts;
}

function open(action: RemedyAction, props: { elections?: typeof elections } = {}) {
  const onClose = jest.fn();
  renderAt(
    '/c',
    '/c',
    <RemedyDialog committeeId="cm1" contribution={contribution} action={action} elections={props.elections ?? elections} onClose={onClose} />,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: `${action[0].toUpperCase()}${action.slice(1)} the excess` }) };
}

describe('RemedyDialog', () => {
  test('records a refund and closes', async () => {
    const posts = serve();
    const { dialog, onClose } = open('refund');
    expect(dialog).toHaveTextContent('Bob Baker has given $4,000.00 for P2026, $500.00 over the $3,500.00 limit. Remedy by 2026-04-30.');
    expect(dialog).toHaveTextContent('The refund check is recorded as a disbursement to Bob Baker (line 20a of Form 3, 28a of Form 3X)');
    // The refund check's day (today by default) and number go on the refund's disbursement.
    expect(within(dialog).getByLabelText(/^Refund date/)).toHaveValue(workspaceCalendarDate());
    const date = within(dialog).getByLabelText(/^Refund date/);
    await userEvent.clear(date);
    await userEvent.type(date, '2026-04-20');
    await userEvent.type(within(dialog).getByLabelText('Check number'), '2001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund $500.00' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([{ action: 'refund', refundDate: '2026-04-20', checkNumber: '2001' }]);
  });

  test("shows the server's refusal of the refund date on the field", async () => {
    const message = 'Refund date must be on or after the day the contribution was received';
    serve(() => ({ status: 400, body: { message, details: { refundDate: message } } }));
    const { dialog, onClose } = open('refund');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund $500.00' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Refund date/)).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(onClose).not.toHaveBeenCalled();
  });

  test("asks for the joint account holder with the contract's message before sending anything", async () => {
    const posts = serve();
    const { dialog, onClose } = open('reattribute');
    const search = within(dialog).getByLabelText('Joint account holder');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reattribute $500.00' }));
    await waitFor(() => expect(search).toHaveAccessibleDescription(REATTRIBUTE_CONTACT_REQUIRED));
    expect(posts).toEqual([]);
    await userEvent.type(search, 'Baker');
    const choice = await within(dialog).findByLabelText('Reattribute to');
    // Once there is a contact to choose, the message is on the choice.
    expect(choice).toHaveAccessibleDescription(REATTRIBUTE_CONTACT_REQUIRED);
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a contact', 'Barb Baker (barb@example.org)']);
    await userEvent.selectOptions(choice, 'k2');
    expect(choice).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reattribute $500.00' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([{ action: 'reattribute', contactId: 'k2' }]);
  });

  test("puts the server's refusal of an election on the election field", async () => {
    const message = 'G2026 is not an election after P2026 of this committee';
    const posts = serve(() => ({ status: 400, body: { message, details: { electionCode: message } } }));
    const { dialog, onClose } = open('redesignate');
    const target = within(dialog).getByLabelText('Move the excess to');
    expect(target).toHaveValue('G2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redesignate $500.00' }));
    await waitFor(() => expect(target).toHaveAccessibleDescription(message));
    expect(posts).toEqual([{ action: 'redesignate', electionCode: 'G2026' }]);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('shows a refusal that names no field inside the dialog', async () => {
    serve(() => ({ status: 409, body: { message: 'G2026 has no room for the excess' } }));
    const { dialog, onClose } = open('redesignate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redesignate $500.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('G2026 has no room for the excess');
    expect(onClose).not.toHaveBeenCalled();
  });

  test('says when there is no later election, with nothing to confirm', () => {
    serve();
    const { dialog } = open('redesignate', { elections: [elections[0]] });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This committee has no later election to move the excess to.');
    expect(within(dialog).getByRole('button', { name: 'Redesignate $500.00' })).toBeDisabled();
  });

  test('keeps the confirm button busy while the remedy is recorded', async () => {
    serve(() => pending());
    const { dialog } = open('refund');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund $500.00' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Refund $500.00' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
