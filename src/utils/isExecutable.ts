// Whether a path names a file this process may execute (the check PATH lookups make).
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';

export async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
