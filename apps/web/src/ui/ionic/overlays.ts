/**
 * The overlays screens open through a hook (alerts, toasts, loading), with their elements loaded by the screens that
 * use them rather than in the first load (see defineOnRender.ts).
 */
import * as Ionic from '@ionic/react';
import { useEffect } from 'react';

type ElementModule = { defineCustomElement: () => void };

/**
 * Loads an overlay's element once the screen has drawn. Ionic's controllers wait for the element to be defined
 * before they create one, so an overlay asked for earlier simply appears when its code has arrived.
 */
function useElementLater(load: () => Promise<ElementModule>) {
  useEffect(() => {
    void load().then((element) => element.defineCustomElement());
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
