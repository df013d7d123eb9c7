// Agency: the agency's brand on deliverables. The names of its operations (it has no events), as
// plain data with no imports: the sandboxed preload bundles them (see ../channels.ts).

export const agencyChannels = [
  'agency:get',
  'agency:set',
  'agency:setLogo',
  'agency:removeLogo',
] as const;

export type AgencyChannel = (typeof agencyChannels)[number];
