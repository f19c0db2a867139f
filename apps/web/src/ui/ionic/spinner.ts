import {
  defineCustomElement as defineIonSpinner,
  IonSpinner as IonSpinnerElement,
} from '@ionic/core/components/ion-spinner.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonSpinner: typeof Ionic.IonSpinner = ionComponent('ion-spinner', IonSpinnerElement, defineIonSpinner, {});
