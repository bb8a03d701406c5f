import { validation } from '../errors.ts';

export function parseId(id: string | number): number {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw validation('Invalid id');
  return n;
}

export function checkPage(page: number, limit: number, maxLimit = 100) {
  if (!Number.isInteger(page) || page < 1) throw validation('page must be a whole number from 1');
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit)
    throw validation(`limit must be from 1 to ${maxLimit}`);
}
