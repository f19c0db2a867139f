import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { applyIonicMode } from './app/platform.ts';
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/display.css';
import '@ionic/react/css/palettes/dark.system.css';
// The weight files, not the per-subset ones: only they give each subset its unicode-range, so a page loads the
// Arabic and Latin files of a weight only for the text it shows (the per-subset files made every page load all
// four, 108 kB). The faces swap in when loaded (font-display: swap).
import '@fontsource/noto-kufi-arabic/400.css';
import '@fontsource/noto-kufi-arabic/700.css';
import './theme.css';

applyIonicMode();

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);

// The service worker (Workbox, built by vite-plugin-pwa: vite.config.ts) registers once the app is stable: 30000 ms
// after the page has loaded (seed section 2), production only, so it never competes with the first load.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    setTimeout(() => void navigator.serviceWorker.register('/sw.js'), 30_000);
  });
}
