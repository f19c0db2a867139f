import { setupIonicReact } from '@ionic/react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '@ionic/react/css/padding.css';
import '@ionic/react/css/flex-utils.css';
import '@ionic/react/css/display.css';
import '@ionic/react/css/palettes/dark.system.css';
import '@fontsource/noto-kufi-arabic/arabic-400.css';
import '@fontsource/noto-kufi-arabic/arabic-700.css';
import '@fontsource/noto-kufi-arabic/latin-400.css';
import '@fontsource/noto-kufi-arabic/latin-700.css';
import './theme.css';

setupIonicReact();

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);

// The service worker registers once the app is stable: 30000 ms after start (seed section 2), production only.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    setTimeout(() => void navigator.serviceWorker.register('/sw.js'), 30_000);
  });
}
