import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { OutboxBadge } from '../features/offline/OutboxBadge.tsx';
import { BackupWarning } from '../features/settings/BackupWarning.tsx';
import { DiskFullWarning } from '../features/settings/DiskFullWarning.tsx';
import { IonButtons, IonContent, IonHeader, IonMenuButton, IonTitle, IonToolbar } from './ionic.ts';

/** How far each page of the history was scrolled, by its history entry: its content, then each table's box. */
const scrolledTo = new Map<string, number[]>();

/**
 * Going back to a page finds it scrolled where it was left: a long record, paged with "load more", opened on an
 * invoice to print and left with the browser's back. A screen is drawn anew each time it opens and its rows come
 * from the cache at once, so the offsets are set as soon as the content is ready. On a desktop a table scrolls in
 * its own box (ui/table/DataTable.tsx), on a phone the page's content does: both are kept.
 */
function useScrollKept(page: RefObject<HTMLDivElement | null>, content: RefObject<HTMLIonContentElement | null>) {
  const { key } = useLocation();
  const back = useNavigationType() === 'POP';
  useEffect(() => {
    const pageElement = page.current;
    let scroller: HTMLElement | undefined;
    let left = false;
    const boxes = () => [
      ...(scroller ? [scroller] : []),
      ...(pageElement?.querySelectorAll<HTMLElement>('.table-scroll') ?? []),
    ];
    const keep = () =>
      scrolledTo.set(
        key,
        boxes().map((box) => box.scrollTop),
      );
    // A table's box scrolls in the page (its scroll event reaches the page while captured); the content's own
    // scroller is in Ionic's shadow root, so it is listened to directly.
    pageElement?.addEventListener('scroll', keep, { capture: true, passive: true });
    void content.current?.getScrollElement().then((element) => {
      if (left) return;
      scroller = element;
      const offsets = scrolledTo.get(key);
      if (back && offsets) for (const [index, box] of boxes().entries()) box.scrollTop = offsets[index] ?? 0;
      element.addEventListener('scroll', keep, { passive: true });
    });
    return () => {
      left = true;
      pageElement?.removeEventListener('scroll', keep, { capture: true });
      scroller?.removeEventListener('scroll', keep);
    };
  }, [page, content, key, back]);
}

/**
 * A screen: its title in the header (with the menu button on narrow screens, and the sales waiting on the device:
 * docs/offline.md), then an administrator's warnings (a full disk: docs/embedded-database.md; no recent backup:
 * docs/backups.md), then its content.
 */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const page = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLIonContentElement>(null);
  useScrollKept(page, content);
  return (
    <div className="ion-page" ref={page}>
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            <IonMenuButton />
          </IonButtons>
          <IonTitle>{title}</IonTitle>
          <IonButtons slot="end">
            <OutboxBadge />
            {actions}
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent ref={content} className="ion-padding">
        <DiskFullWarning />
        <BackupWarning />
        {children}
      </IonContent>
    </div>
  );
}
