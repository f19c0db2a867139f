import { ui } from '../app/messages.ts';

/** While the stored sign-in is checked or a part of the app loads: a spinner of plain CSS (no Ionic needed). */
export function Splash() {
  return (
    <div className="app-loading" role="status" aria-label={ui.loadingApp}>
      <span className="splash-spinner" />
    </div>
  );
}
