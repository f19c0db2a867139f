import { defineCustomElement } from '@ionic/core/components/ion-item.js';
import * as Ionic from '@ionic/react';
import { defineOnRender } from './defineOnRender.ts';

export const IonItem = defineOnRender(Ionic.IonItem, defineCustomElement);
