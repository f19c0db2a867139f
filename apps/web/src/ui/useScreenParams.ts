import { useLocation } from 'react-router-dom';

/** The query parameters of the screen's address (one screen is mounted at a time: app/SignedInApp.tsx). */
export function useScreenParams(): URLSearchParams {
  return new URLSearchParams(useLocation().search);
}
