import { defineCustomElement as defineIonMenu, IonMenu as IonMenuElement } from '@ionic/core/components/ion-menu.js';
import {
  defineCustomElement as defineIonMenuButton,
  IonMenuButton as IonMenuButtonElement,
} from '@ionic/core/components/ion-menu-button.js';
import {
  defineCustomElement as defineIonMenuToggle,
  IonMenuToggle as IonMenuToggleElement,
} from '@ionic/core/components/ion-menu-toggle.js';
import type * as Ionic from '@ionic/react';
import { ionComponent } from './ionComponent.ts';

export const IonMenu: typeof Ionic.IonMenu = ionComponent('ion-menu', IonMenuElement, defineIonMenu, {
  onIonWillOpen: 'ionWillOpen',
  onIonWillClose: 'ionWillClose',
  onIonDidOpen: 'ionDidOpen',
  onIonDidClose: 'ionDidClose',
});
export const IonMenuToggle: typeof Ionic.IonMenuToggle = ionComponent(
  'ion-menu-toggle',
  IonMenuToggleElement,
  defineIonMenuToggle,
  {},
);
export const IonMenuButton: typeof Ionic.IonMenuButton = ionComponent(
  'ion-menu-button',
  IonMenuButtonElement,
  defineIonMenuButton,
  {},
);
