import {
  defineCustomElement as defineIonButtons,
  IonButtons as IonButtonsElement,
} from '@ionic/core/components/ion-buttons.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonButtons: typeof Ionic.IonButtons = ionComponent('ion-buttons', IonButtonsElement, defineIonButtons, {});
