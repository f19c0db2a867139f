import { ui } from '../app/messages.ts';

/** While the stored sign-in is checked or a part of the app loads: index.html's splash (plain CSS, no Ionic). */
export function Splash() {
  return (
    <div className="app-loading" role="status" aria-label={ui.loadingApp}>
      {/* Offline before the service worker kept it, the logo cannot come: its place stays empty, not a broken image. */}
      <img
        src="/icon.svg"
        alt=""
        width="72"
        height="72"
        onError={(event) => {
          event.currentTarget.style.visibility = 'hidden';
        }}
      />
      <span className="splash-name">{ui.appName}</span>
      <span className="splash-spinner" />
    </div>
  );
}
