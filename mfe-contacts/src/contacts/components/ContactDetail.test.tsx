import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { Section } from '../../Section';
import { givingReply } from '../../financials/components/ContactGiving/givingFixtures';

const lists = { phoneNumbers: [], emailAddresses: [], addresses: [], associations: [], education: [], employment: [], notes: [] };

const ada = {
  id: 'c-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  organization: 'Analytical Engines',
  title: 'Treasurer',
  primaryEmail: 'ada@example.org',
  primaryPhone: '555-0101',
  city: 'Springfield',
  state: 'IL',
  employer: 'Babbage & Co',
  occupation: 'Analyst',
  status: 'active',
  totalDonated: 50,
  tags: [],
  profileImageKey: 'img-1',
  profileImageUrl: '/api/files/signed-token',
  signedImageUrls: { 'img-1': '/api/files/signed-token' },
  phoneNumbers: [{ id: 'p1', phoneNumber: '555-0199', phoneType: 'work', isPrimary: true, extension: '12', notes: null }],
  emailAddresses: [{ id: 'e1', emailAddress: 'ada@work.org', emailType: 'work', isPrimary: true, notes: null }],
  addresses: [
    {
      id: 'a1',
      addressType: 'home',
      isPrimary: true,
      streetAddress1: '1 Main St',
      streetAddress2: null,
      city: 'Springfield',
      stateProvince: 'IL',
      postalCode: '62701',
      country: 'US',
      notes: null,
    },
  ],
  education: [
    {
      id: 'ed1',
      institutionName: 'University of London',
      degreeType: 'bachelor',
      degreeName: 'BSc Mathematics',
      fieldOfStudy: 'Mathematics',
      graduationYear: 1990,
      gpa: 3.9,
      honors: null,
      isCurrent: false,
      notes: null,
    },
  ],
  employment: [
    {
      id: 'em1',
      companyName: 'Babbage & Co',
      jobTitle: 'Analyst',
      department: null,
      employmentType: 'full_time',
      startDate: '2020-01-01',
      endDate: null,
      isCurrent: true,
      salaryRange: null,
      description: null,
    },
  ],
  associations: [
    {
      id: 'as1',
      associatedContactId: 'c-2',
      relationshipType: 'colleague',
      relationshipDescription: 'Co-author',
      associatedContact: { id: 'c-2', firstName: 'Charles', lastName: 'Babbage', organization: null, primaryEmail: null },
    },
  ],
  notes: [
    {
      id: 'n1',
      subject: 'Thank-you call',
      content: 'Called to thank for the gift.',
      noteType: 'call',
      isPrivate: false,
      createdAt: '2026-03-05T15:00:00.000Z',
      updatedAt: null,
      creator: { id: 'u1', firstName: 'Dana', lastName: 'Demo' },
    },
  ],
};

const charles = {
  ...ada,
  ...lists,
  id: 'c-2',
  firstName: 'Charles',
  lastName: 'Babbage',
  title: null,
  organization: null,
  employer: null,
  occupation: null,
  primaryEmail: null,
  primaryPhone: null,
  city: null,
  state: null,
  profileImageKey: null,
  profileImageUrl: null,
  signedImageUrls: {},
};

test('a contact with only a primary email, phone and address shows them in their sections, not "None recorded"', async () => {
  const grace = {
    ...ada,
    ...lists,
    id: 'c-3',
    primaryEmail: 'grace@example.org',
    primaryPhone: '(555) 010-2000',
    addressLine1: '9 Navy Way',
    zipCode: '20001',
    city: 'Washington',
    state: 'DC',
    country: 'US',
  };
  mockApi((url) => givingReply(url) ?? { body: { data: { contact: grace } } });
  renderAt('/dashboard/contacts/c-3', '/dashboard/contacts/*', <Section />);
  // The first render loads the lazy section: slow on a busy machine.
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;
  expect(within(section('Email Addresses')).getByRole('listitem')).toHaveTextContent(/grace@example\.org\s*Primary/);
  expect(within(section('Phone Numbers')).getByRole('link', { name: '(555) 010-2000' })).toBeInTheDocument();
  expect(within(section('Addresses')).getByRole('listitem')).toHaveTextContent(/9 Navy Way.*Washington, DC 20001/);
  expect(within(section('Email Addresses')).queryByText('None recorded')).not.toBeInTheDocument();
});

test('shows the header and every section, and opens a related contact', async () => {
  mockApi((url) => givingReply(url) ?? { body: { data: { contact: url.pathname.includes('c-2') ? charles : ada } } });
  renderAt('/dashboard/contacts/c-1', '/dashboard/contacts/*', <Section />);

  expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute('src', '/api/files/signed-token');
  expect(screen.getByText('Treasurer at Analytical Engines')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Edit Contact' })).toHaveAttribute('href', '/dashboard/contacts/c-1/edit');

  const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;
  expect(within(section('Phone Numbers')).getByRole('link', { name: '555-0199' })).toHaveAttribute('href', 'tel:555-0199');
  expect(within(section('Email Addresses')).getByRole('link', { name: 'ada@work.org' })).toHaveAttribute('href', 'mailto:ada@work.org');
  expect(within(section('Addresses')).getByText(/1 Main St/)).toBeInTheDocument();
  // The contact's own primary email and phone (not among the listed ones) are in their sections too.
  expect(within(section('Email Addresses')).getByRole('link', { name: 'ada@example.org' })).toHaveAttribute('href', 'mailto:ada@example.org');
  expect(within(section('Phone Numbers')).getByRole('link', { name: '555-0101' })).toBeInTheDocument();
  expect(within(section('Email Addresses')).getAllByRole('listitem')).toHaveLength(2);
  expect(within(section('Education')).getByText('University of London')).toBeInTheDocument();
  expect(within(section('Employment History')).getByText('Analyst at Babbage & Co')).toBeInTheDocument();
  expect(within(section('Employment History')).getByText(/Present/)).toBeInTheDocument();
  const notes = within(section('Notes'));
  expect(notes.getByText('Thank-you call')).toBeInTheDocument();
  expect(notes.getByText('Called to thank for the gift.')).toBeInTheDocument();
  expect(notes.getByText('Call · Mar 5, 2026 · by Dana Demo')).toBeInTheDocument();

  await userEvent.click(within(section('Related Contacts')).getByRole('link', { name: 'Charles Babbage' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Charles Babbage' })).toBeInTheDocument();
  // No signed image: the avatar falls back to initials.
  expect(screen.getByRole('img', { name: 'Charles Babbage' })).toHaveTextContent('CB');
  expect(screen.getAllByText('None recorded').length).toBe(7);
});

test('shows the employer and occupation Schedule A reports, or a dash when unknown', async () => {
  mockApi((url) => givingReply(url) ?? { body: { data: { contact: url.pathname.includes('c-2') ? charles : ada } } });
  const { unmount } = renderAt('/dashboard/contacts/c-1', '/dashboard/contacts/*', <Section />);
  await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
  const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
  expect(fact('Employer')).toHaveTextContent('Babbage & Co');
  expect(fact('Occupation')).toHaveTextContent('Analyst');
  unmount();
  renderAt('/dashboard/contacts/c-2', '/dashboard/contacts/*', <Section />);
  await screen.findByRole('heading', { level: 1, name: 'Charles Babbage' });
  expect(fact('Employer')).toHaveTextContent('—');
  expect(fact('Occupation')).toHaveTextContent('—');
});
