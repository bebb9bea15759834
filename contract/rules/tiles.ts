/**
 * Live-cam and ad tiles in the search grid (docs/product.md §2, §6, §9). Pure, so the positions and the
 * condition are unit-tested in one place.
 */
export const TILE_BLOCK = 12;
export const CAM_TILE_INDEX = 1;
export const AD_TILE_INDEX = 5;
/** docs/product.md §6: only members who signed up more than 4 days ago see cam tiles. */
export const CAM_TILES_AFTER_MS = 345_600_000;

export function showCamTiles(options: {
  loggedIn: boolean;
  paidUser: boolean;
  signupDate: number;
  now: number;
  memberResell: readonly string[];
}): boolean {
  return (
    options.loggedIn &&
    !options.paidUser &&
    options.now - options.signupDate > CAM_TILES_AFTER_MS &&
    (options.memberResell.includes("cams") || options.memberResell.includes("camads"))
  );
}

export type GridItem<P, C> = { kind: "profile"; profile: P } | { kind: "cam"; cam: C } | { kind: "ad"; cam: C | null };

/**
 * Every block of 12 profiles gets a live-cam tile at index 1 and an ad tile at index 5 of the
 * block; the block's two cams are cams[2b] (the live tile) and cams[2b + 1] (shown on the ad
 * tile when there is one). A block too short for a position gets no tile there; a live tile
 * needs a cam.
 */
export function withTiles<P, C>(profiles: readonly P[], cams: readonly C[], show: boolean): GridItem<P, C>[] {
  if (!show) return profiles.map((profile) => ({ kind: "profile", profile }));
  const items: GridItem<P, C>[] = [];
  for (let start = 0; start < profiles.length; start += TILE_BLOCK) {
    const block = profiles.slice(start, start + TILE_BLOCK);
    const half = (start / TILE_BLOCK) * 2;
    const blockItems: GridItem<P, C>[] = block.map((profile) => ({ kind: "profile", profile }));
    const cam = cams[half];
    if (cam !== undefined && blockItems.length >= CAM_TILE_INDEX) blockItems.splice(CAM_TILE_INDEX, 0, { kind: "cam", cam });
    if (blockItems.length >= AD_TILE_INDEX) blockItems.splice(AD_TILE_INDEX, 0, { kind: "ad", cam: cams[half + 1] ?? null });
    items.push(...blockItems);
  }
  return items;
}
