import {
  defineCustomElement as defineIonAccordion,
  IonAccordion as IonAccordionElement,
} from '@ionic/core/components/ion-accordion.js';
import {
  defineCustomElement as defineIonAccordionGroup,
  IonAccordionGroup as IonAccordionGroupElement,
} from '@ionic/core/components/ion-accordion-group.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonAccordionGroup: typeof Ionic.IonAccordionGroup = ionComponent(
  'ion-accordion-group',
  IonAccordionGroupElement,
  defineIonAccordionGroup,
  { onIonChange: 'ionChange' },
);
export const IonAccordion: typeof Ionic.IonAccordion = ionComponent(
  'ion-accordion',
  IonAccordionElement,
  defineIonAccordion,
  {},
);
