import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportTargetField } from '@caucus/contract';
import { ReviewRow, type ReviewRowProps } from './ReviewRow';

const columns = ['Donor Email', 'Amount'];
const fieldHeader = new Map<ImportTargetField, string>([
  ['email', 'Donor Email'],
  ['amount', 'Amount'],
]);
const labels: Record<string, string> = { 'Donor Email': 'Email', Amount: 'Amount' };

function renderRow(props: Partial<ReviewRowProps> = {}) {
  const handlers = { onIncludedChange: jest.fn(), onStartEdit: jest.fn(), onEdit: jest.fn(), onCancelEdit: jest.fn() };
  render(
    <table>
      <tbody>
        <ReviewRow
          rowIndex={1}
          position={0}
          row={{ 'Donor Email': 'grace@example', Amount: '50' }}
          columns={columns}
          labelOf={(header) => labels[header]}
          fieldHeader={fieldHeader}
          errors={[]}
          warnings={[]}
          excluded={false}
          editingHeader={null}
          {...handlers}
          {...props}
        />
      </tbody>
    </table>,
  );
  return handlers;
}

test('a row with errors cannot be imported and names each error on its cell and in its Problems', () => {
  renderRow({ errors: [{ field: 'email', message: 'Invalid email format' }], warnings: [{ field: 'amount', message: 'ignored while the row has errors' }] });
  expect(screen.getByRole('checkbox', { name: 'Import row 2' })).toBeDisabled();
  expect(screen.getByRole('checkbox', { name: 'Import row 2' })).not.toBeChecked();
  const email = screen.getByRole('button', { name: /^Edit Email, row 2/ });
  expect(email).toHaveAccessibleName('Edit Email, row 2: grace@example (Invalid email format)');
  expect(email.closest('td')).toHaveClass('invalidCell');
  expect(screen.getByRole('button', { name: /^Edit Amount, row 2/ })).toHaveAccessibleName('Edit Amount, row 2: 50');
  expect(screen.getByRole('row')).toHaveClass('invalidRow');
  expect(screen.getByRole('row')).toHaveAttribute('aria-rowindex', '2');
  expect(screen.getByText('Invalid email format')).toHaveClass('problems');
});

test('a warning is said as a check on its cell; the box leaves the row out', async () => {
  const { onIncludedChange } = renderRow({ warnings: [{ field: 'amount', message: 'Amount is over $5,000' }] });
  expect(screen.getByRole('button', { name: /^Edit Amount, row 2/ })).toHaveAccessibleName('Edit Amount, row 2: 50 (check: Amount is over $5,000)');
  expect(screen.getByRole('button', { name: /^Edit Amount, row 2/ }).closest('td')).toHaveClass('warnedCell');
  expect(screen.getByText('Check: Amount is over $5,000')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Import row 2' }));
  expect(onIncludedChange).toHaveBeenCalledWith(false);
});

test('a click on a cell starts editing it', async () => {
  const first = renderRow();
  await userEvent.click(screen.getByRole('button', { name: /^Edit Email, row 2/ }));
  expect(first.onStartEdit).toHaveBeenCalledWith('Donor Email');
});

test('the cell being edited is a text box that starts from its value and takes focus', async () => {
  const { onEdit, onCancelEdit } = renderRow({ editingHeader: 'Donor Email' });
  const input = screen.getByRole('textbox', { name: 'Email, row 2' });
  expect(input).toHaveValue('grace@example');
  expect(input).toHaveFocus();
  await userEvent.type(input, '.org{Enter}');
  expect(onEdit).toHaveBeenCalledWith('Donor Email', 'grace@example.org');
  fireEvent.keyDown(input, { key: 'Escape' });
  expect(onCancelEdit).toHaveBeenCalledTimes(1);
});

test('a long value is cut at 50 characters, in full in its title', () => {
  const long = 'x'.repeat(60);
  renderRow({ row: { 'Donor Email': long, Amount: '50' } });
  const cell = screen.getByRole('button', { name: /^Edit Email, row 2/ });
  expect(cell).toHaveTextContent(`${'x'.repeat(50)}…`);
  expect(cell).toHaveAttribute('title', long);
});
