import {
  defineCustomElement as defineIonInput,
  IonInput as IonInputElement,
} from '@ionic/core/components/ion-input.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonInput: typeof Ionic.IonInput = ionComponent('ion-input', IonInputElement, defineIonInput, {
  onIonInput: 'ionInput',
  onIonChange: 'ionChange',
  onIonBlur: 'ionBlur',
  onIonFocus: 'ionFocus',
});
