import type { SubAccount } from '@mizan/contract';
import { FormModal } from '../../ui/FormModal.tsx';
import { AccountForm } from './AccountForm.tsx';
import { accountsText } from './accountsText.ts';

export function AccountModal({
  storeId,
  open,
  account,
  party,
  onClose,
  onSaved,
}: {
  storeId: number;
  open: boolean;
  account?: SubAccount | undefined;
  /** A new account opened from an invoice starts as a customer or a supplier. */
  party?: 'customer' | 'supplier';
  onClose: () => void;
  onSaved?: (account: SubAccount) => void;
}) {
  return (
    <FormModal
      open={open}
      title={account ? accountsText.editAccount : accountsText.newAccount}
      closeLabel={accountsText.close}
      onClose={onClose}
    >
      <AccountForm
        key={account?.id ?? 'new'}
        storeId={storeId}
        account={account}
        party={party}
        onSaved={(saved) => {
          onSaved?.(saved);
          onClose();
        }}
      />
    </FormModal>
  );
}
