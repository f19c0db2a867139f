import { useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { AccountForm } from './AccountForm.tsx';
import { accountsText } from './accountsText.ts';
import { useAllAccounts } from './useAccounts.ts';

/** The account-modal route (`?mode=create|edit&id=N`): the account form as a page. Only an id travels in the URL. */
export default function AccountFormPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('mode') === 'edit' ? Number(params.get('id')) : undefined;
  const accounts = useAllAccounts(storeId);
  const account = id ? accounts.data?.find((a) => a.id === id) : undefined;
  const back = () => navigate('/folder/sub-account2');
  if (id && accounts.isSuccess && !account) return <Page title={title}>{accountsText.notFound}</Page>;
  if (id && !account) return <Page title={title}>{null}</Page>;
  return (
    <Page title={title}>
      <AccountForm storeId={storeId} account={account} onSaved={back} />
    </Page>
  );
}
