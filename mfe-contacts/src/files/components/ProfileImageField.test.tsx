import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analytics, clearToasts } from '@caucus/platform';
import { mockApi, renderAt, type MockHandler } from '@caucus/platform/testing';
import { ProfileImageField } from '../index';

afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
});

type Call = { method: string; path: string; body: unknown };

function api(overrides: Partial<Record<string, MockHandler>> = {}) {
  const calls: Call[] = [];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, body: init?.body });
    const override = overrides[`${method} ${url.pathname}`];
    if (override) return override(url, init);
    if (method === 'POST' && url.pathname === '/api/contacts/c1/profile-image') {
      return { body: { data: { profileImageKey: 'img-1', profileImageUrl: '/api/files/new-image' } } };
    }
    if (method === 'DELETE' && url.pathname === '/api/contacts/c1/profile-image') return { body: { data: { deleted: true } } };
    return { status: 404, body: { message: 'Not found' } };
  });
  return calls;
}

const user = () => userEvent.setup({ applyAccept: false });

function fileOf(name: string, type: string, size?: number): File {
  const file = new File(['bytes'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

const renderField = (props: Partial<Parameters<typeof ProfileImageField>[0]> = {}) =>
  renderAt(
    '/dashboard/contacts/c1/edit',
    '/dashboard/contacts/:id/edit',
    <ProfileImageField contactId="c1" contactName="Ada Lovelace" imageUrl={null} {...props} />,
  );

describe('ProfileImageField', () => {
  it('asks for a saved contact first and shows initials', () => {
    api();
    renderField({ contactId: undefined });
    expect(screen.getByText('Please save the contact first before uploading images')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile image of Ada Lovelace' })).toHaveTextContent('AL');
    expect(screen.queryByRole('button', { name: 'Upload Photo' })).not.toBeInTheDocument();
  });

  it('uploads an image, shows it and tells the parent', async () => {
    const track = jest.spyOn(analytics, 'track');
    const onChange = jest.fn();
    const calls = api();
    renderField({ onChange });
    await user().upload(screen.getByLabelText('Profile image file'), fileOf('ada.png', 'image/png'));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Profile image of Ada Lovelace' })).toHaveAttribute('src', '/api/files/new-image'));
    expect(onChange).toHaveBeenCalledWith({ profileImageKey: 'img-1', profileImageUrl: '/api/files/new-image' });
    expect((calls[0].body as FormData).get('file')).toBeInstanceOf(File);
    expect(track).toHaveBeenCalledWith('file_uploaded', expect.objectContaining({ kind: 'profile_image' }));
    expect(screen.getByRole('button', { name: 'Change Photo' })).toBeInTheDocument();
  });

  it('refuses a non-image and an image over 5MB before sending', async () => {
    const calls = api();
    renderField();
    const input = screen.getByLabelText('Profile image file');
    await user().upload(input, fileOf('cv.pdf', 'application/pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select an image file');
    await user().upload(input, fileOf('huge.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('File size must be less than 5MB');
    expect(calls).toHaveLength(0);
  });

  it('reports a failed upload', async () => {
    api({ 'POST /api/contacts/c1/profile-image': () => ({ status: 500, body: {} }) });
    renderField();
    await user().upload(screen.getByLabelText('Profile image file'), fileOf('ada.png', 'image/png'));
    expect(await screen.findByText('Failed to upload file. Please try again.')).toBeInTheDocument();
  });

  it('removes the image, and says when removing fails', async () => {
    const onChange = jest.fn();
    let fail = true;
    api({
      'DELETE /api/contacts/c1/profile-image': () => (fail ? { status: 500, body: {} } : { body: { data: { deleted: true } } }),
    });
    renderField({ imageUrl: '/api/files/old-image', onChange });
    await user().click(screen.getByRole('button', { name: 'Remove Photo' }));
    expect(await screen.findByText('Failed to remove file. Please try again.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    fail = false;
    await user().click(screen.getByRole('button', { name: 'Remove Photo' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ profileImageKey: null, profileImageUrl: null }));
    expect(screen.getByRole('img', { name: 'Profile image of Ada Lovelace' })).toHaveTextContent('AL');
    expect(screen.getByRole('button', { name: 'Upload Photo' })).toBeInTheDocument();
  });
});
