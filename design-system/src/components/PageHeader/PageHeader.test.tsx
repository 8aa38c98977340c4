import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('shows the title as the page heading and the subtitle', () => {
    render(<PageHeader title="Contacts" subtitle="Everyone your campaign knows." />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toBeInTheDocument();
    expect(screen.getByText('Everyone your campaign knows.')).toBeInTheDocument();
  });

  it('gives the heading an id so the page region can be labelled by it', () => {
    render(
      <section aria-labelledby="contacts-title">
        <PageHeader title="Contacts" titleId="contacts-title" />
      </section>,
    );
    expect(screen.getByRole('region', { name: 'Contacts' })).toBeInTheDocument();
  });

  it('renders the actions slot only when given', async () => {
    const handleClick = jest.fn();
    const { rerender, container } = render(<PageHeader title="Events" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(container.querySelector('p')).toBeNull();

    rerender(
      <PageHeader
        title="Events"
        actions={
          <button type="button" onClick={handleClick}>
            New Event
          </button>
        }
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'New Event' }));
    expect(handleClick).toHaveBeenCalledTimes(1);
  });
});
