import {
  defineCustomElement as defineIonSelect,
  IonSelect as IonSelectElement,
} from '@ionic/core/components/ion-select.js';
import {
  defineCustomElement as defineIonSelectOption,
  IonSelectOption as IonSelectOptionElement,
} from '@ionic/core/components/ion-select-option.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonSelect: typeof Ionic.IonSelect = ionComponent('ion-select', IonSelectElement, defineIonSelect, {
  onIonChange: 'ionChange',
  onIonCancel: 'ionCancel',
  onIonDismiss: 'ionDismiss',
  onIonFocus: 'ionFocus',
  onIonBlur: 'ionBlur',
});
export const IonSelectOption: typeof Ionic.IonSelectOption = ionComponent(
  'ion-select-option',
  IonSelectOptionElement,
  defineIonSelectOption,
  {},
);
