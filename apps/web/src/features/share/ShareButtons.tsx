/**
 * The invoice's share actions (issue 34, part 4): the printed document as an image (the share sheet where the device
 * takes files, on phones; a download elsewhere), the system share sheet with the summary where the device has one,
 * and a WhatsApp message to the customer's phone. Each carries the invoice itself or its summary, never a link.
 */
import { useEffect, useRef, useState } from 'react';
import { IonButton, IonSpinner } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { canShareFiles, downloadFile, printedImage, whenDrawn } from './printedFile.ts';
import { type InvoiceSummary, invoiceSummaryText, whatsAppLink, whatsAppNumber } from './share.ts';
import { shareText } from './shareText.ts';

/** The print area to share as drawn: its element, the file's name, and the paper's width when not its own. */
export type PrintedArea = { node: () => HTMLElement | null; name: string; width?: string };

export function ShareButtons({
  summary,
  phone,
  countryCode,
  printed,
}: {
  summary: InvoiceSummary;
  phone: string | null | undefined;
  countryCode: string;
  printed?: PrintedArea;
}) {
  const text = invoiceSummaryText(summary);
  const title = `${summary.label} ${summary.pay_ref}`;
  const number = whatsAppNumber(phone, countryCode);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <>
      {printed && <ShareImageButton printed={printed} title={title} text={text} />}
      {canShare && (
        <IonButton
          fill="outline"
          data-testid="share-invoice"
          onClick={() => void navigator.share({ title, text }).catch(() => {})}
        >
          {shareText.share}
        </IonButton>
      )}
      <IonButton
        fill="outline"
        data-testid="share-whatsapp"
        href={whatsAppLink(text, number)}
        target="_blank"
        rel="noopener noreferrer"
        title={number && summary.party ? shareText.whatsAppTo(summary.party) : shareText.whatsAppAny}
      >
        {shareText.whatsApp}
      </IonButton>
    </>
  );
}

/**
 * The printed document as a PNG, kept while the document is unchanged: given to the share sheet with the summary as
 * its caption, or downloaded where the device cannot share files. A share sheet needs the tap that opens it to be
 * recent: when drawing took too long for the browser (NotAllowedError), the image is ready and the next tap shares
 * it.
 */
function ShareImageButton({ printed, title, text }: { printed: PrintedArea; title: string; text: string }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const drawn = useRef<{ html: string; file: Promise<File> }>(undefined);
  const share = canShareFiles();
  const fileOf = async (node: HTMLElement) => {
    await whenDrawn(node);
    const html = `${printed.width ?? ''}|${node.outerHTML}`;
    if (drawn.current?.html === html) return drawn.current.file;
    const file = printedImage(node, printed);
    drawn.current = { html, file };
    // A drawing that failed is drawn again on the next tap.
    file.catch(() => {
      if (drawn.current?.file === file) drawn.current = undefined;
    });
    return file;
  };
  // Where the sheet takes files (a phone), the image is drawn ahead, when the page is idle and the document has been
  // still for a moment (its tax QR is drawn after it): the tap then opens the sheet at once, well inside the
  // browser's window for it (a slow phone may take seconds to draw an A4 page). A change draws it again.
  const latest = useRef({ printed, fileOf });
  latest.current = { printed, fileOf };
  const drawnAs = `${printed.name}|${printed.width ?? ''}`;
  useEffect(() => {
    const area = share && drawnAs ? latest.current.printed.node() : null;
    if (!area) return;
    let timer = 0;
    let idle = 0;
    const ahead = () => {
      const now = latest.current.printed.node();
      if (now) void latest.current.fileOf(now).catch(() => undefined);
    };
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (window.requestIdleCallback) idle = window.requestIdleCallback(ahead, { timeout: 3000 });
        else ahead();
      }, 800);
    };
    const changes = new MutationObserver(schedule);
    changes.observe(area, { subtree: true, childList: true, attributes: true, characterData: true });
    schedule();
    return () => {
      changes.disconnect();
      window.clearTimeout(timer);
      if (idle) window.cancelIdleCallback?.(idle);
    };
  }, [share, drawnAs]);
  const run = async () => {
    const node = printed.node();
    if (!node) return;
    setBusy(true);
    try {
      const file = await fileOf(node);
      if (!share) return downloadFile(file);
      await navigator.share({ files: [file], title, text });
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      if (name === 'AbortError') return; // the sheet was closed without sending
      if (name === 'NotAllowedError') await notify.done(shareText.tapAgain);
      else await notify.refused(shareText.imageFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <IonButton fill="outline" data-testid="share-image" disabled={busy} onClick={run}>
      {busy && <IonSpinner slot="start" name="dots" />}
      {busy ? shareText.preparing : share ? shareText.shareImage : shareText.downloadImage}
    </IonButton>
  );
}
