import { useNavigate } from 'react-router-dom';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/AuthProvider.tsx';
import { ItemForm } from './ItemForm.tsx';

/** The item-modal route: the same form as a page, for a new item; saving returns to the item list. */
export default function ItemFormPage({ title }: { title: string }) {
  const { storeId } = useSession();
  const navigate = useNavigate();
  return (
    <Page title={title}>
      <ItemForm storeId={storeId} onSaved={() => navigate('/folder/items')} />
    </Page>
  );
}
