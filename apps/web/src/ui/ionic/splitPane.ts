import {
  defineCustomElement as defineIonSplitPane,
  IonSplitPane as IonSplitPaneElement,
} from '@ionic/core/components/ion-split-pane.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonSplitPane: typeof Ionic.IonSplitPane = ionComponent(
  'ion-split-pane',
  IonSplitPaneElement,
  defineIonSplitPane,
  { onIonSplitPaneVisible: 'ionSplitPaneVisible' },
);
