import { lazyComponent } from '../ui/lazyComponent.tsx';

/** The menu, drawn by the signed-in app and fetched early by the app when a sign-in is kept (App.tsx). */
export const Menu = lazyComponent(() => import('../features/shell/Menu.tsx'));
