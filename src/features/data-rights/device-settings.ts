/** Motorly's own entries in this browser's localStorage, parsed where they are JSON. */
export function readDeviceSettings(storage: Storage | undefined = globalThis.localStorage): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!storage) return out;
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key || !key.startsWith('motorly')) continue;
    const raw = storage.getItem(key);
    try {
      out[key] = raw === null ? null : JSON.parse(raw);
    } catch {
      out[key] = raw;
    }
  }
  return out;
}

/** Offers a JSON document as a file download. */
export function downloadJson(fileName: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
