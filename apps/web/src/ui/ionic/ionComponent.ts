import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

/**
 * An Ionic component made exactly as @ionic/react makes it (the same Stencil wrapper, element and events), but in a
 * module of our own. @ionic/react defines every component in one module, so every component any screen used was
 * shipped in the shared chunk and downloaded before the sign-in page; from a small module of its own a component
 * travels with the screens that use it. The caller declares @ionic/react's type for it, so props stay as typed.
 */
/* @__NO_SIDE_EFFECTS__ */
export function ionComponent(
  tagName: string,
  elementClass: CustomElementConstructor,
  defineCustomElement: () => void,
  events: Record<string, string>,
): never {
  return createComponent({ tagName, elementClass, react: React, events, defineCustomElement }) as never;
}
