import {
  defineCustomElement as defineIonCheckbox,
  IonCheckbox as IonCheckboxElement,
} from '@ionic/core/components/ion-checkbox.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonCheckbox: typeof Ionic.IonCheckbox = ionComponent(
  'ion-checkbox',
  IonCheckboxElement,
  defineIonCheckbox,
  {
    onIonChange: 'ionChange',
    onIonFocus: 'ionFocus',
    onIonBlur: 'ionBlur',
  },
);
