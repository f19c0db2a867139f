import {
  defineCustomElement as defineIonContent,
  IonContent as IonContentElement,
} from '@ionic/core/components/ion-content.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonContent: typeof Ionic.IonContent = ionComponent('ion-content', IonContentElement, defineIonContent, {
  onIonScrollStart: 'ionScrollStart',
  onIonScroll: 'ionScroll',
  onIonScrollEnd: 'ionScrollEnd',
});
