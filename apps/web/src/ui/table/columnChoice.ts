/**
 * Which columns of a screen's table the user hid, kept on this device per screen. The item list keeps the legacy
 * key `colSetting`; other screens `columns:<screen>`.
 */
export function readHiddenColumns(storageKey: string, defaultHidden: string[]): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? 'null');
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : defaultHidden;
  } catch {
    return defaultHidden;
  }
}

export function writeHiddenColumns(storageKey: string, hidden: string[]) {
  localStorage.setItem(storageKey, JSON.stringify(hidden));
}
