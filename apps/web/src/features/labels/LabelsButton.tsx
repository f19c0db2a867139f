import { barcodeOutline } from 'ionicons/icons';
import { useNavigate } from 'react-router-dom';
import { IonButton, IonIcon } from '../../ui/ionic.ts';
import { type LabelRequest, labelsPath } from './labelSheet.ts';

/**
 * Opens the labels screen for these items (item-stock's selected rows, an item, a purchase's lines). Only the
 * address is built here: the screen's code, and bwip-js with it, is fetched when it opens.
 */
export function LabelsButton({
  requests,
  label,
  onOpen,
}: {
  requests: () => LabelRequest[];
  label: string;
  onOpen?: () => void;
}) {
  const navigate = useNavigate();
  return (
    <IonButton
      size="small"
      fill="outline"
      data-testid="open-labels"
      onClick={() => {
        onOpen?.();
        navigate(labelsPath(requests()));
      }}
    >
      <IonIcon slot="start" icon={barcodeOutline} />
      {label}
    </IonButton>
  );
}
