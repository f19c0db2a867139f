// @ionic/core ships its copy of the icon element without a declaration file.
declare module '@ionic/core/components/ion-icon.js' {
  export const defineCustomElement: () => void;
}
