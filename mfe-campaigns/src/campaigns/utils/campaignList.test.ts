import { filterAndSortCampaigns } from './campaignList';

const campaigns = [
  {
    name: 'Spring Drive',
    slug: 'spring-drive',
    description: 'Door knocking',
    status: 'active',
    createdAt: '2026-02-01T00:00:00.000Z',
    amountRaised: 500,
    fundraisingGoal: 1000,
  },
  {
    name: 'autumn gala',
    slug: 'autumn-gala',
    description: null,
    status: 'draft',
    createdAt: '2026-03-01T00:00:00.000Z',
    amountRaised: 3000,
    fundraisingGoal: 1000,
  },
  {
    name: 'Budget Petition',
    slug: 'budget',
    description: 'Spring budget hearing',
    status: 'paused',
    createdAt: '2026-01-01T00:00:00.000Z',
    amountRaised: 100,
    fundraisingGoal: 1000,
  },
  { name: 'Membership', slug: 'membership', description: null, status: 'archived', createdAt: null, amountRaised: 0, fundraisingGoal: 0 },
];

const names = (list: { name: string }[]) => list.map((item) => item.name);

describe('filterAndSortCampaigns', () => {
  test('newest first by default, oldest first on request (undated last / first)', () => {
    expect(names(filterAndSortCampaigns(campaigns, { search: '', status: 'all', sort: 'newest' }))).toEqual([
      'autumn gala',
      'Spring Drive',
      'Budget Petition',
      'Membership',
    ]);
    expect(names(filterAndSortCampaigns(campaigns, { search: '', status: 'all', sort: 'oldest' }))).toEqual([
      'Membership',
      'Budget Petition',
      'Spring Drive',
      'autumn gala',
    ]);
  });

  test('name A-Z ignores case', () => {
    expect(names(filterAndSortCampaigns(campaigns, { search: '', status: 'all', sort: 'name' }))).toEqual([
      'autumn gala',
      'Budget Petition',
      'Membership',
      'Spring Drive',
    ]);
  });

  test('progress, highest first, with over-goal campaigns counted as 100%', () => {
    expect(names(filterAndSortCampaigns(campaigns, { search: '', status: 'all', sort: 'progress' }))).toEqual([
      'autumn gala',
      'Spring Drive',
      'Budget Petition',
      'Membership',
    ]);
  });

  test('status filter', () => {
    expect(names(filterAndSortCampaigns(campaigns, { search: '', status: 'paused', sort: 'newest' }))).toEqual(['Budget Petition']);
    expect(filterAndSortCampaigns(campaigns, { search: '', status: 'completed', sort: 'newest' })).toEqual([]);
  });

  test('search looks at name, slug and description, case-insensitive, with the status filter', () => {
    expect(names(filterAndSortCampaigns(campaigns, { search: '  SPRING ', status: 'all', sort: 'name' }))).toEqual(['Budget Petition', 'Spring Drive']);
    expect(names(filterAndSortCampaigns(campaigns, { search: 'spring', status: 'active', sort: 'name' }))).toEqual(['Spring Drive']);
    expect(names(filterAndSortCampaigns(campaigns, { search: 'autumn-gala', status: 'all', sort: 'name' }))).toEqual(['autumn gala']);
  });

  test('does not reorder the list it was given', () => {
    const copy = [...campaigns];
    filterAndSortCampaigns(campaigns, { search: '', status: 'all', sort: 'name' });
    expect(campaigns).toEqual(copy);
  });
});
