import {
  defineCustomElement as defineIonToolbar,
  IonToolbar as IonToolbarElement,
} from '@ionic/core/components/ion-toolbar.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonToolbar: typeof Ionic.IonToolbar = ionComponent('ion-toolbar', IonToolbarElement, defineIonToolbar, {});
