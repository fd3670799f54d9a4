// Numbers, durations and times in the user's language.
import { i18n } from './i18n.svelte';

export function num(n: number | null | undefined): string {
  return new Intl.NumberFormat(i18n.locale).format(n ?? 0);
}

export function dateTime(ms: number | null | undefined): string {
  if (!ms) return '–';
  return new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(ms),
  );
}

/** A day, without its time: 26.11.2026, 26 Nov 2026. */
export function date(ms: number | null | undefined): string {
  if (!ms) return '–';
  return new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(ms));
}

export function time(ms: number): string {
  return new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'medium' }).format(new Date(ms));
}

export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–';
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${sec} s`;
  return `${sec} s`;
}

export function fileName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? path;
}

export function bytes(n: number): string {
  if (n < 1024) return `${num(n)} B`;
  if (n < 1024 * 1024) return `${num(Math.round(n / 102.4) / 10)} KB`;
  return `${num(Math.round(n / 104857.6) / 10)} MB`;
}
