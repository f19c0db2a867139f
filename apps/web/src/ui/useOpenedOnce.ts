import { useState } from 'react';

/**
 * True from the first time `open` is true. A modal whose code loads on demand is mounted when it is first opened
 * (so its code is not fetched with the screen), then stays mounted so it can close with its animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
