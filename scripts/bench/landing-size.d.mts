export const LANDING_JS_GOAL_BYTES: number;
export function measureLandingJs(): {
  sizes: { file: string; raw: number; gzip: number }[];
  gzip: number;
  goal: number;
};
