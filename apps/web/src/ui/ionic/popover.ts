import { defineCustomElement } from '@ionic/core/components/ion-popover.js';
import * as Ionic from '@ionic/react';
import { defineOnRender } from './defineOnRender.ts';

export const IonPopover = defineOnRender(Ionic.IonPopover, defineCustomElement);
