import {
  defineCustomElement as defineIonHeader,
  IonHeader as IonHeaderElement,
} from '@ionic/core/components/ion-header.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonHeader: typeof Ionic.IonHeader = ionComponent('ion-header', IonHeaderElement, defineIonHeader, {});
