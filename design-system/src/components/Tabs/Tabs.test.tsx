import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs, type TabItem } from './Tabs';

const items: TabItem[] = [
  { id: 'import', label: 'Data Import', content: <p>Upload a file</p> },
  { id: 'history', label: 'Import History', content: <p>Past imports</p> },
  { id: 'analytics', label: 'Analytics', content: <p>Figures</p>, disabled: true },
  { id: 'reports', label: 'Reports', content: <p>Report cards</p> },
];

describe('Tabs', () => {
  it('links tabs and panels with ARIA and shows the selected panel', () => {
    render(<Tabs label="Data sections" items={items} />);
    expect(screen.getByRole('tablist', { name: 'Data sections' })).toBeInTheDocument();
    const first = screen.getByRole('tab', { name: 'Data Import' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Import History' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Data Import' })).toHaveTextContent('Upload a file');
  });

  it('moves and selects with arrow keys, skipping disabled tabs and wrapping; Home and End jump', async () => {
    render(<Tabs label="Data sections" items={items} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Data Import' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Import History' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Past imports');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Data Import' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Data Import' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveFocus();
  });

  it('works controlled', async () => {
    const handleChange = jest.fn();
    function Controlled() {
      const [value, setValue] = useState('history');
      return (
        <Tabs
          label="Data sections"
          items={items}
          value={value}
          onChange={(id) => {
            handleChange(id);
            setValue(id);
          }}
        />
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('tab', { name: 'Import History' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Reports' }));
    expect(handleChange).toHaveBeenCalledWith('reports');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Report cards');
  });

  it('keeps hidden panels mounted when asked', () => {
    render(<Tabs label="Form" items={items} keepMounted defaultValue="history" />);
    expect(screen.getByText('Upload a file', { selector: 'p' }).closest('[role="tabpanel"]')).toHaveAttribute('hidden');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Past imports');
  });
});
