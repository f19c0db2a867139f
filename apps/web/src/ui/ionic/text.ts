import { defineCustomElement as defineIonText, IonText as IonTextElement } from '@ionic/core/components/ion-text.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonText: typeof Ionic.IonText = ionComponent('ion-text', IonTextElement, defineIonText, {});
