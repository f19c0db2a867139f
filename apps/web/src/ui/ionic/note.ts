import { defineCustomElement as defineIonNote, IonNote as IonNoteElement } from '@ionic/core/components/ion-note.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonNote: typeof Ionic.IonNote = ionComponent('ion-note', IonNoteElement, defineIonNote, {});
