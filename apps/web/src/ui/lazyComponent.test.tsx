// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { type LazyComponent, lazyComponent, useLoaded } from './lazyComponent.tsx';

/** A module fetched by hand: the test says when it arrives, or that it failed. */
function deferredModule() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  let fetches = 0;
  function Counter({ label }: { label: string }) {
    const [count, setCount] = useState(0);
    return (
      <button type="button" onClick={() => setCount(count + 1)}>
        {label} {count}
      </button>
    );
  }
  const component = lazyComponent(() => {
    fetches++;
    return new Promise<{ default: typeof Counter }>((resolve, reject) => {
      arrive = () => resolve({ default: Counter });
      fail = reject;
    });
  });
  return { component, arrive: () => arrive(), fail: (error: Error) => fail(error), fetches: () => fetches };
}

/** As the app's root: the splash until the shown part's code is here, then the part without a fallback. */
function Root({ shown: Shown }: { shown: LazyComponent<{ label: string }> }) {
  const ready = useLoaded(Shown);
  if (!ready) return <p>splash</p>;
  return (
    <Suspense fallback={<p>fallback</p>}>
      <Shown label="sale" />
    </Suspense>
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a lazy part of the app', () => {
  it('shows the splash until its code arrives, then draws it without a fallback', async () => {
    // React reports a broken rule of hooks on the console (the sign-in page once failed so in production).
    const reported = vi.spyOn(console, 'error');
    const module = deferredModule();
    render(<Root shown={module.component} />);
    expect(screen.getByText('splash')).toBeTruthy();
    await act(async () => module.arrive());
    expect(screen.queryByText('fallback')).toBeNull();
    expect(screen.getByRole('button').textContent).toBe('sale 0');
    expect(module.fetches()).toBe(1);
    expect(reported).not.toHaveBeenCalled();
  });

  it('fetched ahead, draws at once and keeps its state as the parent draws again', async () => {
    const module = deferredModule();
    const fetched = module.component.load();
    await act(async () => module.arrive());
    await fetched;
    const { rerender } = render(<Root shown={module.component} />);
    fireEvent.click(screen.getByRole('button'));
    rerender(<Root shown={module.component} />);
    expect(screen.getByRole('button').textContent).toBe('sale 1');
    expect(module.fetches()).toBe(1);
  });

  it('drawn before its code is here, suspends as a lazy part does and keeps its state once it has arrived', async () => {
    const module = deferredModule();
    const Part = module.component;
    const { rerender } = render(
      <Suspense fallback={<p>fallback</p>}>
        <Part label="sale" />
      </Suspense>,
    );
    expect(screen.getByText('fallback')).toBeTruthy();
    await act(async () => module.arrive());
    fireEvent.click(screen.getByRole('button'));
    rerender(
      <Suspense fallback={<p>fallback</p>}>
        <Part label="sale" />
      </Suspense>,
    );
    expect(screen.getByRole('button').textContent).toBe('sale 1');
  });

  it('after a failed fetch while online (a server restarting), fetches again when asked', async () => {
    const module = deferredModule();
    const first = module.component.load();
    module.fail(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    expect(module.component.isLoaded()).toBe(false);
    const second = module.component.load();
    module.arrive();
    await second;
    expect(module.fetches()).toBe(2);
    expect(module.component.isLoaded()).toBe(true);
  });

  it('offline, a failed fetch is not fetched again ahead (pointer over the menu, then its click) until retried', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const module = deferredModule();
    const ahead = module.component.load();
    module.fail(new Error('offline'));
    await expect(ahead).rejects.toThrow('offline');
    // The menu fetches a screen ahead as the pointer enters, is pressed and clicks: offline, each was one more fetch.
    await expect(module.component.load()).rejects.toThrow('offline');
    expect(module.fetches()).toBe(1);
    module.component.retry();
    const retried = module.component.load();
    module.arrive();
    await retried;
    expect(module.fetches()).toBe(2);
  });

  it('drawn while its code cannot come (offline), shows the failure once, and fetches again only when retried', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const module = deferredModule();
    const Part = module.component;
    // As a screen of the signed-in app: its failure in place of the screen, with a retry.
    render(
      <Suspense fallback={<p>fallback</p>}>
        <ErrorBoundary
          fallback={(retry) => (
            <button
              type="button"
              onClick={() => {
                Part.retry();
                retry();
              }}
            >
              failed
            </button>
          )}
        >
          <Part label="sale" />
        </ErrorBoundary>
      </Suspense>,
    );
    await act(async () => module.fail(new Error('offline')));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    // Each drawing made a new lazy part that suspended again: 2,800 fetches in 12 s, the splash for ever.
    expect(module.fetches()).toBe(1);
    fireEvent.click(screen.getByText('failed'));
    await act(async () => module.arrive());
    expect(screen.getByRole('button').textContent).toBe('sale 0');
    expect(module.fetches()).toBe(2);
  });
});
