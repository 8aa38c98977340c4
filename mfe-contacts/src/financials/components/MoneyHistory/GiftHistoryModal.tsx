import { Modal } from '@caucus/design-system';
import { useQuery } from '@caucus/platform';
import { fetchDonationHistory, financialsKeys } from '../../api/financialsApi';
import { MoneyHistory } from './MoneyHistory';

export type GiftHistoryModalProps = {
  contactId: string;
  donationId: string;
  /** What the gift is, for the title ('$250.00 on Mar 2, 2026'). */
  label: string;
  campaignNames: ReadonlyMap<string, string>;
  onClose: () => void;
};

/** One gift's History: every change the ledger traced (recorded, changed, reviewed, remedied), newest first. */
export function GiftHistoryModal({ contactId, donationId, label, campaignNames, onClose }: GiftHistoryModalProps) {
  const query = useQuery({ queryKey: financialsKeys.giftHistory(contactId, donationId), queryFn: ({ signal }) => fetchDonationHistory(donationId, signal) });
  return (
    <Modal open size="lg" title={`History of the gift of ${label}`} onClose={onClose}>
      <MoneyHistory contactId={contactId} query={query} campaignNames={campaignNames} />
    </Modal>
  );
}
