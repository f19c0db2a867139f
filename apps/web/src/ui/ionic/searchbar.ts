import {
  defineCustomElement as defineIonSearchbar,
  IonSearchbar as IonSearchbarElement,
} from '@ionic/core/components/ion-searchbar.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonSearchbar: typeof Ionic.IonSearchbar = ionComponent(
  'ion-searchbar',
  IonSearchbarElement,
  defineIonSearchbar,
  {
    onIonInput: 'ionInput',
    onIonChange: 'ionChange',
    onIonCancel: 'ionCancel',
    onIonClear: 'ionClear',
    onIonBlur: 'ionBlur',
    onIonFocus: 'ionFocus',
  },
);
