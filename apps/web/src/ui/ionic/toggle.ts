import {
  defineCustomElement as defineIonToggle,
  IonToggle as IonToggleElement,
} from '@ionic/core/components/ion-toggle.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonToggle: typeof Ionic.IonToggle = ionComponent('ion-toggle', IonToggleElement, defineIonToggle, {
  onIonChange: 'ionChange',
  onIonFocus: 'ionFocus',
  onIonBlur: 'ionBlur',
});
