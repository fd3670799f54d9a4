// The hand-written sets, one per way real lists spell one site otherwise (README of dedupe).
import { cities } from './cities';
import { guides } from './guides';
import { holdout } from './holdout';
import { names } from './names';
import { negatives } from './negatives';
import { numbers } from './numbers';
import { streets } from './streets';
import type { OwnSet } from './types';

export const ownSets: readonly OwnSet[] = [
  streets,
  cities,
  names,
  negatives,
  guides,
  numbers,
  holdout,
];
