import {
  defineCustomElement as defineIonSegment,
  IonSegment as IonSegmentElement,
} from '@ionic/core/components/ion-segment.js';
import {
  defineCustomElement as defineIonSegmentButton,
  IonSegmentButton as IonSegmentButtonElement,
} from '@ionic/core/components/ion-segment-button.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonSegment: typeof Ionic.IonSegment = ionComponent('ion-segment', IonSegmentElement, defineIonSegment, {
  onIonChange: 'ionChange',
});
export const IonSegmentButton: typeof Ionic.IonSegmentButton = ionComponent(
  'ion-segment-button',
  IonSegmentButtonElement,
  defineIonSegmentButton,
  {},
);
