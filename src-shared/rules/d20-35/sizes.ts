import { D20_SIZES } from '../engine/d20-sizes';

/** d20-srd-35.txt › Big and Little Creatures in Combat: the d20 size table. */
export const SIZES = D20_SIZES;
