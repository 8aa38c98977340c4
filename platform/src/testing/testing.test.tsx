import { screen } from '@testing-library/react';
import { act } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { api, setSession, useSession } from '..';
import { mockApi, pending, renderAt } from '.';

const originalFetch = global.fetch;

afterEach(() => {
  global.fetch = originalFetch;
  act(() => setSession(null));
});

function ContactName() {
  const { id } = useParams();
  const { session } = useSession();
  const contact = useQuery({ queryKey: ['contact', id], queryFn: () => api.get<{ name: string }>(`/contacts/${id}`) });
  return (
    <div>
      <p>{`Signed in as ${session?.user.name ?? 'nobody'}`}</p>
      <p>{contact.isPending ? 'Loading contact' : contact.isError ? contact.error.message : contact.data.name}</p>
    </div>
  );
}

describe('renderAt + mockApi', () => {
  it('mounts at the path with the test session and answers in the API envelope', async () => {
    const fetchMock = mockApi((url) => ({ body: { data: { name: `Contact ${url.pathname}` } } }));
    renderAt('/dashboard/contacts/42', '/dashboard/contacts/:id', <ContactName />);
    expect(screen.getByText('Signed in as Dana Demo')).toBeInTheDocument();
    expect(await screen.findByText('Contact /api/contacts/42')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('passes error statuses through and can hold a reply back', async () => {
    mockApi(() => ({ status: 500, body: { message: 'Database unavailable' } }));
    const { unmount } = renderAt('/dashboard/contacts/7', '/dashboard/contacts/:id', <ContactName />);
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    unmount();

    mockApi(() => pending());
    renderAt('/dashboard/contacts/8', '/dashboard/contacts/:id', <ContactName />);
    expect(screen.getByText('Loading contact')).toBeInTheDocument();
  });
});
