/**
 * The overlays screens open through a hook (alerts, toasts, loading), with their elements loaded by the screens that
 * use them rather than in the first load (see defineOnRender.ts).
 */
import * as Ionic from '@ionic/react';
import { useEffect } from 'react';

type ElementModule = { defineCustomElement: () => void };

/** After the screen has drawn and the browser has a moment: the first screen's paint does not wait behind it. */
const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1000 }) : setTimeout(run, 0);

/**
 * Loads an overlay's element once the screen has drawn and the browser is idle. Ionic's controllers wait for the
 * element to be defined before they create one, so an overlay asked for earlier simply appears when its code has
 * arrived.
 */
function useElementLater(load: () => Promise<ElementModule>) {
  useEffect(() => {
    whenIdle(() => void load().then((element) => element.defineCustomElement()));
  }, [load]);
}

const loadAlert = () => import('@ionic/core/components/ion-alert.js');
const loadToast = () => import('@ionic/core/components/ion-toast.js');
const loadLoading = () => import('@ionic/core/components/ion-loading.js');

export function useIonAlert() {
  useElementLater(loadAlert);
  return Ionic.useIonAlert();
}

export function useIonToast() {
  useElementLater(loadToast);
  return Ionic.useIonToast();
}

export function useIonLoading() {
  useElementLater(loadLoading);
  return Ionic.useIonLoading();
}
