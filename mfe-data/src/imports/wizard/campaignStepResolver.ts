import { zodResolver } from '@hookform/resolvers/zod';
import { importCampaignStepSchema } from '@caucus/contract';

/** The campaign step's check, the contract's schema: zod and the import contract load with it. */
export const campaignStepResolver = zodResolver(importCampaignStepSchema);
