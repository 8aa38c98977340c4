import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analytics, clearToasts } from '@caucus/platform';
import { mockApi, renderAt, type MockHandler } from '@caucus/platform/testing';
import { DocumentsTab } from '../index';

afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
});

const pdf = { key: 'doc-1', fileName: 'pledge-letter.pdf', mimeType: 'application/pdf', size: 2048, uploadedAt: '2026-05-04T10:00:00.000Z' };
const docx = {
  key: 'doc-2',
  fileName: 'bio.docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: 3 * 1024 * 1024,
  uploadedAt: '2026-05-05T10:00:00.000Z',
};

type Call = { method: string; path: string; body: unknown };

function api(overrides: Partial<Record<string, MockHandler>> = {}) {
  const calls: Call[] = [];
  let documents = [pdf, docx];
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    calls.push({ method, path: url.pathname, body: raw instanceof FormData ? raw : raw ? JSON.parse(String(raw)) : undefined });
    const override = overrides[`${method} ${url.pathname}`];
    if (override) return override(url, init);
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/contacts/c1':
        return { body: { data: { contact: { id: 'c1', documents } } } };
      case 'POST /api/contacts/c1/documents': {
        const uploaded = { key: 'doc-3', fileName: 'scan.png', mimeType: 'image/png', size: 10, uploadedAt: '2026-05-06T10:00:00.000Z' };
        documents = [...documents, uploaded];
        return { status: 201, body: { data: { documentKeys: documents.map((d) => d.key), documents } } };
      }
      case 'PUT /api/contacts/c1/documents/doc-1/rename':
        documents = documents.map((d) => (d.key === 'doc-1' ? { ...d, fileName: 'signed-pledge.pdf' } : d));
        return { body: { data: { document: documents[0] } } };
      case 'GET /api/contacts/c1/documents/doc-1/download':
        return { body: { data: { downloadUrl: '/api/files/signed-token' } } };
      case 'DELETE /api/contacts/c1/documents/doc-1':
        documents = documents.filter((d) => d.key !== 'doc-1');
        return { body: { data: { deleted: true } } };
      default:
        return { status: 404, body: { message: 'Not found' } };
    }
  });
  return calls;
}

const renderTab = (contactId: string | null = 'c1') =>
  renderAt('/dashboard/contacts/c1/edit', '/dashboard/contacts/:id/edit', <DocumentsTab contactId={contactId} />);

const user = () => userEvent.setup({ applyAccept: false });

function fileOf(name: string, type: string, size?: number): File {
  const file = new File(['content'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('DocumentsTab', () => {
  it('asks for a saved contact first', () => {
    api();
    renderTab(null);
    expect(screen.getByText('Please save the contact first before uploading documents')).toBeInTheDocument();
  });

  it('lists each document with its name, type, size and date', async () => {
    api();
    renderTab();
    const row = (await screen.findByText('pledge-letter.pdf')).closest('tr') as HTMLElement;
    expect(within(row).getByText('PDF')).toBeInTheDocument();
    expect(within(row).getByText('2.0 KB')).toBeInTheDocument();
    expect(within(row).getByText('May 4, 2026')).toBeInTheDocument();
    const other = screen.getByText('bio.docx').closest('tr') as HTMLElement;
    expect(within(other).getByText('Word (DOCX)')).toBeInTheDocument();
    expect(within(other).getByText('3.0 MB')).toBeInTheDocument();
  });

  it('uploads an accepted file as multipart and tracks it', async () => {
    const track = jest.spyOn(analytics, 'track');
    const calls = api();
    renderTab();
    await screen.findByText('pledge-letter.pdf');
    await user().upload(screen.getByLabelText('Document file'), fileOf('scan.png', 'image/png'));
    expect(await screen.findByText('scan.png')).toBeInTheDocument();
    const upload = calls.find((c) => c.method === 'POST' && c.path !== '/api/analytics/events');
    expect(upload?.path).toBe('/api/contacts/c1/documents');
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(track).toHaveBeenCalledWith('file_uploaded', expect.objectContaining({ kind: 'document', mimeType: 'image/png' }));
  });

  it('refuses other types and files over 10MB before sending', async () => {
    const calls = api();
    renderTab();
    await screen.findByText('pledge-letter.pdf');
    const input = screen.getByLabelText('Document file');
    await user().upload(input, fileOf('notes.txt', 'text/plain'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unsupported file type');
    await user().upload(input, fileOf('big.pdf', 'application/pdf', 10 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('File size must be less than 10MB');
    expect(calls.some((c) => c.method === 'POST' && c.path !== '/api/analytics/events')).toBe(false);
  });

  it('reports a failed upload', async () => {
    api({ 'POST /api/contacts/c1/documents': () => ({ status: 500, body: {} }) });
    renderTab();
    await screen.findByText('pledge-letter.pdf');
    await user().upload(screen.getByLabelText('Document file'), fileOf('letter.doc', 'application/msword'));
    expect(await screen.findByText('Failed to upload file. Please try again.')).toBeInTheDocument();
  });

  it('shows the server text for a file it refuses by its bytes', async () => {
    api({ 'POST /api/contacts/c1/documents': () => ({ status: 415, body: { message: 'Unsupported file type' } }) });
    renderTab();
    await screen.findByText('pledge-letter.pdf');
    await user().upload(screen.getByLabelText('Document file'), fileOf('fake.pdf', 'application/pdf'));
    expect(await screen.findByText('Unsupported file type')).toBeInTheDocument();
  });

  it('renames a document inline', async () => {
    const calls = api();
    renderTab();
    await user().click(await screen.findByRole('button', { name: 'Rename pledge-letter.pdf' }));
    const field = screen.getByLabelText('New file name');
    expect(field).toHaveValue('pledge-letter.pdf');
    await user().clear(field);
    await user().type(field, 'signed-pledge.pdf{Enter}');
    expect(await screen.findByText('signed-pledge.pdf')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/contacts/c1/documents/doc-1/rename',
      body: { fileName: 'signed-pledge.pdf' },
    });
    expect(screen.queryByLabelText('New file name')).not.toBeInTheDocument();
  });

  it('checks the new name with the contract before sending it, and Escape cancels', async () => {
    const calls = api();
    renderTab();
    await user().click(await screen.findByRole('button', { name: 'Rename pledge-letter.pdf' }));
    const field = screen.getByLabelText('New file name');
    expect(field).toHaveFocus();
    await user().clear(field);
    await user().type(field, '   ');
    await user().click(within(screen.getByRole('group', { name: 'Rename pledge-letter.pdf' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('File name is required')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user().clear(field);
    await user().type(field, `${'a'.repeat(252)}.pdf{Enter}`);
    expect(await screen.findByText('File name is too long')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user().type(field, '{Escape}');
    expect(screen.queryByLabelText('New file name')).not.toBeInTheDocument();
    expect(screen.getByText('pledge-letter.pdf')).toBeInTheDocument();
  });

  it('sends the trimmed name and says when the rename failed', async () => {
    const calls = api({
      'PUT /api/contacts/c1/documents/doc-1/rename': () => ({ status: 500, body: { message: 'Storage is unavailable' } }),
    });
    renderTab();
    await user().click(await screen.findByRole('button', { name: 'Rename pledge-letter.pdf' }));
    const field = screen.getByLabelText('New file name');
    await user().clear(field);
    await user().type(field, '  minutes.pdf  {Enter}');
    expect(await screen.findByText('Failed to rename document')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ fileName: 'minutes.pdf' });
    expect(screen.getByLabelText('New file name')).toHaveValue('  minutes.pdf  ');
  });

  it('downloads through the signed URL, or says it failed', async () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.getAttribute('href')).toBe('/api/files/signed-token');
      expect(this.download).toBe('pledge-letter.pdf');
    });
    api();
    renderTab();
    await user().click(await screen.findByRole('button', { name: 'Download pledge-letter.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    await user().click(screen.getByRole('button', { name: 'Download bio.docx' }));
    expect(await screen.findByText('Failed to download document')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('removes a document only after the confirmation', async () => {
    const calls = api();
    renderTab();
    await user().click(await screen.findByRole('button', { name: 'Remove pledge-letter.pdf' }));
    let dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to remove this document?')).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(screen.getByText('pledge-letter.pdf')).toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: 'Remove pledge-letter.pdf' }));
    dialog = screen.getByRole('dialog');
    await user().click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('pledge-letter.pdf')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/contacts/c1/documents/doc-1')).toBe(true);
  });

  it('says when a removal fails', async () => {
    api({ 'DELETE /api/contacts/c1/documents/doc-2': () => ({ status: 500, body: {} }) });
    renderTab();
    await user().click(await screen.findByRole('button', { name: 'Remove bio.docx' }));
    await user().click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove document')).toBeInTheDocument();
    expect(screen.getByText('bio.docx')).toBeInTheDocument();
  });
});
