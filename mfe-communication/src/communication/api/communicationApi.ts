import { api } from '@caucus/platform';
// Type-only: the contract's runtime schemas (zod) stay out of this file; forms import what they validate with.
import type {
  AcknowledgeInput,
  AcknowledgeResult,
  AcknowledgmentsPage,
  Audience,
  CampaignsResponse,
  ContactListsResponse,
  ContactListResponse,
  MessageRecipient,
  MessageSend,
  MessageSendInput,
  MessageTemplate,
  TemplateInput,
  TemplatePreview,
} from '@caucus/contract';

export type { AcknowledgeResult, AcknowledgmentsPage, Audience, MessageRecipient, MessageSend, MessageTemplate, TemplatePreview };

export const commsKeys = {
  all: ['communication'] as const,
  queue: (filters: AckFilters) => ['communication', 'acknowledgments', filters] as const,
  templates: () => ['communication', 'templates'] as const,
  sends: () => ['communication', 'sends'] as const,
  send: (id: string) => ['communication', 'sends', id] as const,
  audience: (listId: string) => ['communication', 'audience', listId] as const,
  lists: () => ['communication', 'list-options'] as const,
  campaigns: () => ['communication', 'campaign-options'] as const,
  contacts: (search: string) => ['communication', 'contact-options', search] as const,
};

export type AckFilters = { campaignId: string; method: string; minAmount: string; maxAmount: string; page: number };

export function fetchQueue(filters: AckFilters, signal?: AbortSignal): Promise<AcknowledgmentsPage> {
  const query: Record<string, string | number> = { status: 'pending', page: filters.page, pageSize: 25 };
  if (filters.campaignId) query.campaignId = filters.campaignId;
  if (filters.method) query.method = filters.method;
  if (filters.minAmount) query.minAmount = filters.minAmount;
  if (filters.maxAmount) query.maxAmount = filters.maxAmount;
  return api.get<AcknowledgmentsPage>('/acknowledgments', { signal, query });
}

export const acknowledge = (input: AcknowledgeInput) => api.post<AcknowledgeResult>('/acknowledgments', input);
export const yearEnd = (input: { year: number; templateId: string }) => api.post<AcknowledgeResult>('/acknowledgments/year-end', input);

export const fetchTemplates = (signal?: AbortSignal) => api.get<{ templates: MessageTemplate[] }>('/templates', { signal });
export const createTemplate = (input: TemplateInput) => api.post<{ template: MessageTemplate }>('/templates', input);
export const updateTemplate = (id: string, input: TemplateInput) => api.put<{ template: MessageTemplate }>(`/templates/${encodeURIComponent(id)}`, input);
export const deleteTemplate = (id: string) => api.delete<{ deleted: true }>(`/templates/${encodeURIComponent(id)}`);
export const previewTemplate = (id: string, contactId: string) =>
  api.post<{ preview: TemplatePreview }>(`/templates/${encodeURIComponent(id)}/preview`, { contactId });

export const fetchSends = (signal?: AbortSignal) => api.get<{ messages: MessageSend[] }>('/messages', { signal });
export const fetchSend = (id: string, signal?: AbortSignal) =>
  api.get<{ message: MessageSend; recipients: MessageRecipient[]; total: number }>(`/messages/${encodeURIComponent(id)}`, { signal });
export const fetchAudience = (listId: string, signal?: AbortSignal) => api.get<{ audience: Audience }>('/messages/audience', { signal, query: { listId } });
export const createSend = (input: MessageSendInput) => api.post<{ message: MessageSend }>('/messages', input);
export const testSend = (input: { templateId: string; listId: string | null }) => api.post<{ message: MessageSend }>('/messages/test', input);
export const cancelSend = (id: string) => api.post<{ message: MessageSend }>(`/messages/${encodeURIComponent(id)}/cancel`, {});

export const fetchListOptions = (signal?: AbortSignal) => api.get<ContactListsResponse>('/contact-lists', { signal, query: { limit: 100 } });
export const fetchCampaignOptions = (signal?: AbortSignal) => api.get<CampaignsResponse>('/campaigns', { signal });
export const fetchContactOptions = (search: string, signal?: AbortSignal) =>
  api.get<ContactListResponse>('/contacts', { signal, query: { search, limit: 10 } });
