import { defineCustomElement as defineIonList, IonList as IonListElement } from '@ionic/core/components/ion-list.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonList: typeof Ionic.IonList = ionComponent('ion-list', IonListElement, defineIonList, {});
