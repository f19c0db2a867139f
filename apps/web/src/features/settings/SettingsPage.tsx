export { default } from '../shell/PlaceholderPage.tsx';
