import { type ReactNode, useId } from 'react';
import { IonButton, IonContent, IonPopover } from '../ionic.ts';

/**
 * A record row's rarer actions under "more" (the legacy row popover), so the row stays narrow and the record fits
 * 1366 px. The menu is an Ionic popover: it opens above the page, so neither the table's scroll box nor the next
 * row's sticky action cell can clip it or take its clicks (a menu floating inside the table did both). Its buttons
 * close it as they act.
 */
export function RowMore({ label, children }: { label: string; children: ReactNode }) {
  const trigger = `row-more-${useId().replace(/:/g, '')}`;
  return (
    <>
      <IonButton id={trigger} size="small" fill="clear" data-testid="row-more">
        {label}
      </IonButton>
      <IonPopover trigger={trigger} triggerAction="click" dismissOnSelect>
        <IonContent>
          <div className="row-more-menu">{children}</div>
        </IonContent>
      </IonPopover>
    </>
  );
}
