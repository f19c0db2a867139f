import {
  defineCustomElement as defineIonBadge,
  IonBadge as IonBadgeElement,
} from '@ionic/core/components/ion-badge.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonBadge: typeof Ionic.IonBadge = ionComponent('ion-badge', IonBadgeElement, defineIonBadge, {});
