import { defineCustomElement as defineIonCard } from '@ionic/core/components/ion-card.js';
import {
  defineCustomElement as defineIonCardContent,
  IonCardContent as IonCardContentElement,
} from '@ionic/core/components/ion-card-content.js';
import {
  defineCustomElement as defineIonCardHeader,
  IonCardHeader as IonCardHeaderElement,
} from '@ionic/core/components/ion-card-header.js';
import {
  defineCustomElement as defineIonCardTitle,
  IonCardTitle as IonCardTitleElement,
} from '@ionic/core/components/ion-card-title.js';
import * as Ionic from '@ionic/react';
import { defineOnRender } from './defineOnRender.ts';
import { ionComponent } from './ionComponent.ts';

export const IonCardHeader: typeof Ionic.IonCardHeader = ionComponent(
  'ion-card-header',
  IonCardHeaderElement,
  defineIonCardHeader,
  {},
);
export const IonCardTitle: typeof Ionic.IonCardTitle = ionComponent(
  'ion-card-title',
  IonCardTitleElement,
  defineIonCardTitle,
  {},
);
export const IonCardContent: typeof Ionic.IonCardContent = ionComponent(
  'ion-card-content',
  IonCardContentElement,
  defineIonCardContent,
  {},
);
export const IonCard = defineOnRender(Ionic.IonCard, defineIonCard);
