import {
  defineCustomElement as defineIonLabel,
  IonLabel as IonLabelElement,
} from '@ionic/core/components/ion-label.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonLabel: typeof Ionic.IonLabel = ionComponent('ion-label', IonLabelElement, defineIonLabel, {});
