import {
  defineCustomElement as defineIonListHeader,
  IonListHeader as IonListHeaderElement,
} from '@ionic/core/components/ion-list-header.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonListHeader: typeof Ionic.IonListHeader = ionComponent(
  'ion-list-header',
  IonListHeaderElement,
  defineIonListHeader,
  {},
);
