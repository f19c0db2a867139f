import { useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The query parameters of this screen's own address. Ionic keeps a screen mounted, hidden, while others open, and
 * the router hands every mounted screen the current address: without this, the sales screen hidden behind
 * `print-modal?kind=pay&id=7` read id=7 and loaded the printed invoice into itself, and the next sale typed over
 * it was answered with the printed one. While another screen shows, this one keeps its last parameters.
 */
export function useScreenParams(): URLSearchParams {
  const location = useLocation();
  const own = useRef({ path: location.pathname, search: location.search });
  if (location.pathname === own.current.path) own.current.search = location.search;
  return new URLSearchParams(own.current.search);
}
