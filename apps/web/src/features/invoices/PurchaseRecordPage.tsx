import { purchaseScreen } from './documentScreens.ts';
import { RecordPage } from './RecordPage.tsx';

export default function PurchaseRecordPage({ title }: { title: string }) {
  return <RecordPage title={title} screen={purchaseScreen} />;
}
