// Ionic's own copy of the icon element, on the runtime its other elements already use; ionicons' element would
// bring a second runtime of its own.
import { defineCustomElement } from '@ionic/core/components/ion-icon.js';
import * as Ionic from '@ionic/react';
import { defineOnRender } from './defineOnRender.ts';

export const IonIcon = defineOnRender(Ionic.IonIcon, defineCustomElement);
