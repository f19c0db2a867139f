import { defineCustomElement } from '@ionic/core/components/ion-modal.js';
import * as Ionic from '@ionic/react';
import { defineOnRender } from './defineOnRender.ts';

export const IonModal = defineOnRender(Ionic.IonModal, defineCustomElement);
