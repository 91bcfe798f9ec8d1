/**
 * Reads the camera a few times a second (every `everyMs`, ~150 ms) until `read` finds a text, then stops and hands it
 * on once. One read at a time: a slow decode delays the next one instead of piling up. Returns the stop function.
 */
export function scanFrames(read: () => Promise<string | null>, onText: (text: string) => void, everyMs = 150): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  async function tick() {
    const text = await read().catch(() => null);
    if (stopped) return;
    if (text) {
      stopped = true;
      onText(text);
    } else timer = setTimeout(() => void tick(), everyMs);
  }
  timer = setTimeout(() => void tick(), 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
