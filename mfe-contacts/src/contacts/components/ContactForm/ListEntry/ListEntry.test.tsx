import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListEntry } from './ListEntry';

test('is a group named by its title, with its fields, its extra actions and a Remove named after it', async () => {
  const handleRemove = jest.fn();
  render(
    <ListEntry title="Phone 2" onRemove={handleRemove} extra={<button type="button">Up</button>}>
      <label>
        Phone number
        <input />
      </label>
    </ListEntry>,
  );
  const entry = screen.getByRole('group', { name: 'Phone 2' });
  expect(within(entry).getByLabelText('Phone number')).toBeInTheDocument();
  expect(within(entry).getByRole('button', { name: 'Up' })).toBeInTheDocument();
  await userEvent.click(within(entry).getByRole('button', { name: 'Remove Phone 2' }));
  expect(handleRemove).toHaveBeenCalledTimes(1);
});
