import { constructOutline } from 'ionicons/icons';
import { ui } from '../../app/messages.ts';
import { IonBadge, IonIcon, IonText } from '../../ui/ionic.ts';
import { Page } from '../../ui/Page.tsx';

/** A screen that no issue has built yet: its title and a clear "under construction" notice, never a fake. */
export default function PlaceholderPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <div className="placeholder" role="status">
        <IonIcon icon={constructOutline} aria-hidden="true" />
        <IonBadge color="warning">{ui.placeholder.badge}</IonBadge>
        <h2>{title}</h2>
        <IonText color="medium">
          <p>{ui.placeholder.text}</p>
        </IonText>
      </div>
    </Page>
  );
}
