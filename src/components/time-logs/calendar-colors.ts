// The colour of a calendar block: its customer's colour (set on the customer), else its project's
// customer's (the server sends either as the log's `color`); a project or customer without one gets a
// colour of its own from a fixed palette, picked by its id, so its blocks always look alike. The block
// shows the colour as a stripe and an 18 % tint of the surface behind text in the foreground colour,
// which keeps 8:1 or better against any colour in both the light and the dark set.

/** Mid-tone hues, told apart in both sets. */
const PALETTE = ["#4f46e5", "#0e9384", "#c4320a", "#7a5af8", "#d92d20", "#2e90fa", "#dc6803", "#15b79e", "#ee46bc", "#669f2a"];

function paletteColor(id: string): string {
  let hash = 0;
  for (let index = 0; index < id.length; index += 1) hash = (hash * 31 + id.charCodeAt(index)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

/** A block's colour, or null for a log filed under nothing (it keeps the app's own look). */
export function blockColor(log: { color: string | null; constellationId: string | null; customerId: string | null }): string | null {
  if (log.color) return log.color;
  const owner = log.constellationId ?? log.customerId;
  return owner ? paletteColor(owner) : null;
}
