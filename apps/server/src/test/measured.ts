/** The answer of `run`, its time, and the process's resident memory before and at its peak (sampled every 10 ms). */
export async function measured<T>(run: () => Promise<T>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const answer = await run();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const MiB = 1024 * 1024;
  return { answer, ms, beforeMb: before / MiB, peakMb: peak / MiB, grewMb: (peak - before) / MiB };
}
