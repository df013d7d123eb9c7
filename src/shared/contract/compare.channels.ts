// Compare: saved comparisons and their print. The names of its operations (it has no events), as
// plain data with no imports: the sandboxed preload bundles them (see ../channels.ts).

export const compareChannels = [
  'compare:list',
  'compare:get',
  'compare:save',
  'compare:delete',
  'compare:latest',
  'compare:printPdf',
] as const;

export type CompareChannel = (typeof compareChannels)[number];
