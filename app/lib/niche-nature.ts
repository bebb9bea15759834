/** The words for what a site of this niche is (docs/product.md §1.3); a niche out of range reads as niche 1. */
const NICHE_NATURE = {
  1: "entryWarning.niche.1",
  2: "entryWarning.niche.2",
  3: "entryWarning.niche.3",
  4: "entryWarning.niche.4",
  5: "entryWarning.niche.5",
  6: "entryWarning.niche.6",
  7: "entryWarning.niche.7",
} as const;

export function nicheNatureKey(niche: number) {
  return niche === 2 || niche === 3 || niche === 4 || niche === 5 || niche === 6 || niche === 7
    ? NICHE_NATURE[niche]
    : NICHE_NATURE[1];
}
