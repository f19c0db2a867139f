/**
 * The Ionic components and hooks the screens use: import them from here, never from @ionic/react. Most components
 * come from small modules of our own (ui/ionic/, see ionComponent.ts), so each travels with the screens that use it
 * instead of riding in the first load. The ones @ionic/react builds with its own logic (routing links, overlays,
 * icons) come from it, those a screen needs with their element defined by that screen (ionic/defineOnRender.ts).
 */
export { IonApp, IonButton, setupIonicReact } from '@ionic/react';
export { IonAccordion, IonAccordionGroup } from './ionic/accordion.ts';
export { IonBadge } from './ionic/badge.ts';
export { IonButtons } from './ionic/buttons.ts';
export { IonCard, IonCardContent, IonCardHeader, IonCardTitle } from './ionic/card.ts';
export { IonCheckbox } from './ionic/checkbox.ts';
export { IonContent } from './ionic/content.ts';
export { IonHeader } from './ionic/header.ts';
export { IonIcon } from './ionic/icon.ts';
export { IonInput } from './ionic/input.ts';
export { IonItem } from './ionic/item.ts';
export { IonLabel } from './ionic/label.ts';
export { IonList } from './ionic/list.ts';
export { IonListHeader } from './ionic/listHeader.ts';
export { IonMenu, IonMenuButton, IonMenuToggle } from './ionic/menu.ts';
export { IonModal } from './ionic/modal.ts';
export { IonNote } from './ionic/note.ts';
export { useIonAlert, useIonLoading, useIonToast } from './ionic/overlays.ts';
export { IonPopover } from './ionic/popover.ts';
export { IonRadio, IonRadioGroup } from './ionic/radio.ts';
export { IonSearchbar } from './ionic/searchbar.ts';
export { IonSegment, IonSegmentButton } from './ionic/segment.ts';
export { IonSelect, IonSelectOption } from './ionic/select.ts';
export { IonSpinner } from './ionic/spinner.ts';
export { IonSplitPane } from './ionic/splitPane.ts';
export { IonText } from './ionic/text.ts';
export { IonTitle } from './ionic/title.ts';
export { IonToggle } from './ionic/toggle.ts';
export { IonToolbar } from './ionic/toolbar.ts';
