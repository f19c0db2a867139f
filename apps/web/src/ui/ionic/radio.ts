import {
  defineCustomElement as defineIonRadio,
  IonRadio as IonRadioElement,
} from '@ionic/core/components/ion-radio.js';
import {
  defineCustomElement as defineIonRadioGroup,
  IonRadioGroup as IonRadioGroupElement,
} from '@ionic/core/components/ion-radio-group.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonRadioGroup: typeof Ionic.IonRadioGroup = ionComponent(
  'ion-radio-group',
  IonRadioGroupElement,
  defineIonRadioGroup,
  { onIonChange: 'ionChange' },
);
export const IonRadio: typeof Ionic.IonRadio = ionComponent('ion-radio', IonRadioElement, defineIonRadio, {
  onIonFocus: 'ionFocus',
  onIonBlur: 'ionBlur',
});
