import { useNavigate } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { ItemSearchPanel } from './ItemSearch.tsx';
import { itemSearchText as text } from './itemSearchText.ts';

/** items-serarch as a screen of its own (full screen on a phone): the item picked opens its movement. */
export default function ItemSearchPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const navigate = useNavigate();
  return (
    <Page title={title}>
      <p className="notice">{text.pickHint}</p>
      <ItemSearchPanel storeId={storeId} onPick={(item) => navigate(`/folder/items-report?item=${item.id}`)} />
    </Page>
  );
}
