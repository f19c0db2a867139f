import {
  defineCustomElement as defineIonTitle,
  IonTitle as IonTitleElement,
} from '@ionic/core/components/ion-title.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonTitle: typeof Ionic.IonTitle = ionComponent('ion-title', IonTitleElement, defineIonTitle, {});
