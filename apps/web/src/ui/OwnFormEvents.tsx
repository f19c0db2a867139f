import type { ReactNode } from 'react';

/**
 * Keeps the events of a form in a modal to that form. React bubbles events along the component tree, not the
 * page: a modal opened from inside the invoice form would otherwise also submit the invoice (Enter) or save it
 * (Ctrl+S) when its own form is submitted.
 */
export function OwnFormEvents({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only stops events of the form inside from bubbling on
    <div
      onSubmit={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        if ((event.ctrlKey || event.metaKey) && event.key === 's') {
          event.preventDefault();
          event.stopPropagation();
        }
      }}
    >
      {children}
    </div>
  );
}
