import { vi } from 'vitest';

/**
 * A slow network for a test: `fetch` answers through `server` only once the returned function is called, so a test
 * can type, leave a field or save while a search is still on its way.
 */
export function holdAnswers(server: (input: RequestInfo | URL) => Response | Promise<Response>): () => void {
  let letGo!: () => void;
  const answered = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      await answered;
      return server(input);
    }),
  );
  return letGo;
}
