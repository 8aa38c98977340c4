import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  campaignsKeys,
  fetchCampaign,
  fetchCampaignDonations,
  fetchCampaignDonors,
  fetchCampaignEvents,
  fetchCampaigns,
  fetchCampaignTotals,
  fetchCommittees,
  fetchDonationAccounts,
  type CampaignTotalsInterval,
  type PageRequest,
} from '../api/campaignsApi';

export function useCampaigns() {
  return useQuery({
    queryKey: campaignsKeys.list(),
    queryFn: ({ signal }) => fetchCampaigns(signal),
  });
}

export function useCampaign(id: string) {
  return useQuery({
    queryKey: campaignsKeys.detail(id),
    queryFn: ({ signal }) => fetchCampaign(id, signal),
  });
}

export function useCampaignTotals(id: string, interval: CampaignTotalsInterval) {
  return useQuery({
    queryKey: campaignsKeys.totals(id, interval),
    queryFn: ({ signal }) => fetchCampaignTotals(id, interval, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCampaignDonors(id: string, page: PageRequest) {
  return useQuery({
    queryKey: campaignsKeys.donors(id, page),
    queryFn: ({ signal }) => fetchCampaignDonors(id, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCampaignDonations(id: string, page: PageRequest) {
  return useQuery({
    queryKey: campaignsKeys.donations(id, page),
    queryFn: ({ signal }) => fetchCampaignDonations(id, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCampaignEvents(id: string) {
  return useQuery({
    queryKey: campaignsKeys.events(id),
    queryFn: ({ signal }) => fetchCampaignEvents(id, signal),
  });
}

/** The committees a campaign can be for (the campaign form's Committee choice). */
export function useCommittees() {
  return useQuery({ queryKey: campaignsKeys.committees(), queryFn: ({ signal }) => fetchCommittees(signal) });
}

/** The donation accounts a campaign can use; `campaignId` null for a new campaign. */
export function useDonationAccounts(campaignId: string | null) {
  return useQuery({
    queryKey: campaignsKeys.donationAccounts(campaignId),
    queryFn: ({ signal }) => fetchDonationAccounts(campaignId, signal),
  });
}
