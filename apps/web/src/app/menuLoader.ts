/** The menu's chunk: drawn by the signed-in app, fetched early by the app when a sign-in is kept (App.tsx). */
export const loadMenu = () => import('../features/shell/Menu.tsx');
