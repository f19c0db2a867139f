import { type ComponentProps, createElement, type JSXElementConstructor } from 'react';

/**
 * An @ionic/react component whose element is defined when it first draws, by the screen that uses it, instead of
 * as @ionic/react loads: the build turns @ionic/react's own definition of these elements into a no-op
 * (vite.config.ts, `deferIonicElements`), so their code travels with the screens and stays out of the first load.
 */
/* @__NO_SIDE_EFFECTS__ */
// biome-ignore lint/suspicious/noExplicitAny: any component type, as React's own JSXElementConstructor takes it
export function defineOnRender<C extends JSXElementConstructor<any>>(component: C, defineElement: () => void): C {
  const Defined = (props: ComponentProps<C>) => {
    defineElement();
    return createElement(component, props);
  };
  return Defined as unknown as C;
}
